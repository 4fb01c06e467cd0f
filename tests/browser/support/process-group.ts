import type { ChildProcess } from "node:child_process";

/** Stops a detached child's whole process group (wrangler, workerd, next): TERM, then KILL after `graceMs`. */
export async function stopProcessGroup(child: ChildProcess | undefined, graceMs: number): Promise<void> {
  if (child?.pid === undefined || child.exitCode !== null) return;
  const pid = child.pid;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, graceMs));
  signal("SIGKILL");
}
