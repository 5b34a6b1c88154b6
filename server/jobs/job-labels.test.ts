import { describe, expect, it } from "vitest";
import { JOB_LABELS, jobLabel } from "#domain/maintenance/job-labels.ts";
import { jobTasks, SCHEDULES } from "#server/jobs/jobs.ts";
import type { AppServices } from "#platform/services.ts";

// Building the task table runs no task: the handlers only close over the services.
const tasks = Object.keys(jobTasks({} as AppServices));

describe("the background tasks' names on the health screen (issue 28 item 10)", () => {
  it("has a Portuguese label for every task the worker runs, and none for a task it does not", () => {
    expect(tasks.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(JOB_LABELS).sort()).toEqual([...tasks].sort());
    for (const schedule of SCHEDULES) expect(tasks).toContain(schedule.task);
  });

  it("never shows a task's code name", () => {
    for (const task of tasks) {
      expect(jobLabel(task)).not.toContain(task);
      expect(jobLabel(task)).toMatch(/^[A-ZÁÉÍÓÚÇ][a-zà-ú]+ /);
    }
    expect(jobLabel("new-task-without-label")).toBe("Outra tarefa");
  });
});
