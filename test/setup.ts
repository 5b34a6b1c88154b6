// Runs before every test file: console.error means something went wrong (React warnings,
// unhandled errors logged by libraries), so it fails the test instead of scrolling by.
import { format } from "node:util";
import { afterAll, afterEach } from "vitest";

const calls: string[] = [];

console.error = (...args: unknown[]) => {
  const message = format(...args);
  calls.push(message);
  // Thrown right away for a useful stack; recorded too, in case the caller swallows the throw.
  throw new Error(`console.error was called: ${message}`);
};

function failOnRecordedCalls(where: string) {
  if (calls.length === 0) return;
  const messages = calls.splice(0);
  throw new Error(`console.error was called ${where}:\n${messages.join("\n")}`);
}

afterEach(() => failOnRecordedCalls("during this test"));
// Calls from beforeAll/afterAll hooks or after the last test still fail the file.
afterAll(() => failOnRecordedCalls("outside a test"));
