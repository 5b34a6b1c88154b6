import { describe, expect, it } from "vitest";
import { databaseVerdict, diskVerdict, emailVerdict, jobsVerdict, worstLevel } from "#domain/maintenance/health-rules.ts";

const GB = 1024 ** 3;
const now = new Date("2026-11-25T12:00:00Z");
const pool = { inUse: 1, max: 10, waiting: 0 };

describe("the health's levels", () => {
  it("database: red when it does not answer, amber when slow or out of connections", () => {
    expect(databaseVerdict({ reachable: true, latencyMs: 2, pool }).level).toBe("green");
    expect(databaseVerdict({ reachable: false, latencyMs: null, pool })).toEqual({
      level: "red",
      reason: "O banco de dados não responde.",
    });
    expect(databaseVerdict({ reachable: true, latencyMs: 450, pool }).reason).toBe("O banco demorou 450 ms para responder.");
    expect(databaseVerdict({ reachable: true, latencyMs: 2, pool: { inUse: 10, max: 10, waiting: 0 } }).level).toBe("amber");
    expect(databaseVerdict({ reachable: true, latencyMs: 2, pool: { inUse: 10, max: 10, waiting: 3 } }).reason).toContain("3 pedido(s)");
  });

  it("jobs: amber for a failed job or a wait over a minute, red when nothing runs them or a schedule stopped", () => {
    const recent = [{ task: "pix-expiry", lastRunAt: new Date(now.getTime() - 60_000) }];
    expect(jobsVerdict({ failed: 0, oldestWaitingSeconds: null, schedules: recent }, now).level).toBe("green");
    expect(jobsVerdict({ failed: 2, oldestWaitingSeconds: 5, schedules: recent }, now)).toEqual({
      level: "amber",
      reason: "2 tarefas falharam de vez.",
    });
    expect(jobsVerdict({ failed: 0, oldestWaitingSeconds: 90, schedules: recent }, now).level).toBe("amber");
    expect(jobsVerdict({ failed: 0, oldestWaitingSeconds: 20 * 60, schedules: recent }, now).level).toBe("red");
    const stopped = [{ task: "pix-expiry", lastRunAt: new Date(now.getTime() - 2 * 3600_000) }];
    expect(jobsVerdict({ failed: 0, oldestWaitingSeconds: null, schedules: stopped }, now)).toEqual({
      level: "red",
      reason: "Tarefas agendadas paradas: Cancelamento de Pix vencidos.",
    });
  });

  it("jobs: a schedule is stopped only when it missed its own rhythm (a daily clean-up is not red the same afternoon)", () => {
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const daily = (hours: number) => [{ task: "silent-push-devices", lastRunAt: hoursAgo(hours) }];
    expect(jobsVerdict({ failed: 0, oldestWaitingSeconds: null, schedules: daily(12) }, now).level).toBe("green");
    expect(jobsVerdict({ failed: 0, oldestWaitingSeconds: null, schedules: daily(25) }, now).level).toBe("red");
    // Every 30 minutes: 40 minutes since its run is on time, not stopped.
    const halfHourly = (minutes: number) => [{ task: "label-tracking-poll", lastRunAt: new Date(now.getTime() - minutes * 60_000) }];
    expect(jobsVerdict({ failed: 0, oldestWaitingSeconds: null, schedules: halfHourly(40) }, now).level).toBe("green");
    expect(jobsVerdict({ failed: 0, oldestWaitingSeconds: null, schedules: halfHourly(70) }, now).level).toBe("red");
  });

  it("e-mail: red after a failure for good, amber while retrying or with only the outbox in production", () => {
    expect(emailVerdict({ transport: "smtp", failuresLast24h: 0, retrying: 0 }, true).level).toBe("green");
    expect(emailVerdict({ transport: "smtp", failuresLast24h: 1, retrying: 0 }, true).level).toBe("red");
    expect(emailVerdict({ transport: "smtp", failuresLast24h: 0, retrying: 2 }, true).level).toBe("amber");
    expect(emailVerdict({ transport: "outbox", failuresLast24h: 0, retrying: 0 }, true).level).toBe("amber");
    expect(emailVerdict({ transport: "outbox", failuresLast24h: 0, retrying: 0 }, false).level).toBe("green");
  });

  it("disk: red under 5 % or 1 GB free, amber under 15 %", () => {
    expect(diskVerdict({ freeBytes: 50 * GB, totalBytes: 100 * GB }).level).toBe("green");
    expect(diskVerdict({ freeBytes: 10 * GB, totalBytes: 100 * GB }).level).toBe("amber");
    expect(diskVerdict({ freeBytes: 4 * GB, totalBytes: 100 * GB }).level).toBe("red");
    expect(diskVerdict({ freeBytes: 0.5 * GB, totalBytes: 2 * GB }).level).toBe("red");
    expect(diskVerdict({ freeBytes: null, totalBytes: null }).level).toBe("amber");
  });

  it("the overall level is the worst part's", () => {
    expect(worstLevel(["green", "amber", "green"])).toBe("amber");
    expect(worstLevel(["amber", "red"])).toBe("red");
    expect(worstLevel([])).toBe("green");
  });
});
