import { describe, expect, it } from "vitest";
import { JOB_LABELS, jobLabel, SCHEDULE_PERIOD_SECONDS } from "#domain/maintenance/job-labels.ts";
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

  it("knows each schedule's rhythm, as its pattern says, so the health judges it by its own period", () => {
    /** Seconds between two runs of the patterns the shop uses: every minute, every N minutes, once a day. */
    const period = (pattern: string) => {
      const [minute, hour, ...rest] = pattern.split(" ");
      expect(rest, pattern).toEqual(["*", "*", "*"]);
      if (hour !== "*") return 24 * 3600;
      if (minute === "*") return 60;
      const every = /^\*\/(\d+)$/.exec(minute!);
      expect(every, pattern).not.toBeNull();
      return Number(every![1]) * 60;
    };
    expect(Object.keys(SCHEDULE_PERIOD_SECONDS).sort()).toEqual(SCHEDULES.map((schedule) => schedule.task).sort());
    for (const schedule of SCHEDULES) expect(SCHEDULE_PERIOD_SECONDS[schedule.task], schedule.task).toBe(period(schedule.pattern));
  });
});
