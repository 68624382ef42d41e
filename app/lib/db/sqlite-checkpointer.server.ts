import { Worker } from "node:worker_threads";

// SQLite copies its write-ahead log back into the database file in a
// checkpoint, which by default the connection that committed runs at once,
// on its own thread, before the commit returns. Ingesting a large catalog
// commits hundreds of megabytes of log per file, and that copy (reads of the
// log, writes and an fsync of the database) took about a fifth of the
// writer's time at half a million entities (docs/benchmarks.md). Here a
// thread of the writer's process runs the checkpoints on a connection of its
// own, beside the writer, on the machine's other core; the writers turn
// their automatic checkpoints off (./client.server.ts). A PASSIVE checkpoint
// waits for no reader and no writer: it copies what every reader is done
// with and leaves the rest for the next round.
//
// SQLite writes the log from its start again only when a write transaction
// begins with every page of it copied, which a writer that begins its next
// transaction as soon as it commits never gives a thread copying behind it:
// the log grew to 37 GB in a million-entity ingestion. So once it holds
// RESTART_BYTES the thread asks the writer of its process to hold its next
// transaction back (`beforeTransaction`), runs a RESTART checkpoint, which
// waits for the transaction under way to end and copies what is left, and
// lets the writer go on; its next transaction starts the log over. A RESTART
// alone, without the writer holding back, lost the race for the lock to a
// writer that begins again as soon as it commits.

/** Between two rounds: shortly after one that found log to copy, longer when the log was already copied. */
const BUSY_WAIT_MS = 50;
const IDLE_WAIT_MS = 250;
const RESTART_BYTES = 2 * 1024 ** 3;
/** How long the RESTART checkpoint waits for the writers and the readers before it gives up, to try again after the next round. */
const RESTART_BUSY_TIMEOUT_MS = 10_000;

/** The slots of the flags the thread and the process share. */
const STOP = 0;
const RESTARTING = 1;

export type Checkpointer = {
  /** Settles when the writer may begin a transaction: at once, or once a RESTART checkpoint under way has ended. */
  beforeTransaction(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Runs checkpoints of the SQLite database at `filename` in a worker thread
 * until stopped; `onError` hears each failed round's message. `restartBytes`:
 * the log's size that makes it start over (tests make it small).
 */
export function startCheckpointer(filename: string, onError: (message: string) => void, restartBytes = RESTART_BYTES): Checkpointer {
  const flags = new Int32Array(new SharedArrayBuffer(8));
  // The thread runs the loop's own source: a function of no outer names, so
  // that it survives bundling without a file of its own to point the Worker at.
  const worker = new Worker(`(${checkpointLoop.toString()})()`, {
    eval: true,
    workerData: { filename, flags, busyWaitMs: BUSY_WAIT_MS, idleWaitMs: IDLE_WAIT_MS, restartBytes, restartBusyTimeoutMs: RESTART_BUSY_TIMEOUT_MS },
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  worker.on("message", (message: string) => onError(message));
  worker.on("error", (error) => onError(error.message));
  // A process that is done does not wait for the checkpoints: the last connection to close runs one itself.
  worker.unref();
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      // A thread that died mid-restart holds no writer back.
      Atomics.store(flags, RESTARTING, 0);
      Atomics.notify(flags, RESTARTING);
      resolve();
    }),
  );
  return {
    beforeTransaction: async () => {
      while (Atomics.load(flags, RESTARTING) === 1) {
        const wait = Atomics.waitAsync(flags, RESTARTING, 1);
        if (wait.async) await wait.value;
      }
    },
    stop: () => {
      Atomics.store(flags, STOP, 1);
      Atomics.notify(flags, STOP);
      return exited;
    },
  };
}

function checkpointLoop() {
  const { workerData, parentPort } = process.getBuiltinModule("node:worker_threads");
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  const { filename, flags, busyWaitMs, idleWaitMs, restartBytes, restartBusyTimeoutMs } = workerData as {
    filename: string;
    flags: Int32Array;
    busyWaitMs: number;
    idleWaitMs: number;
    restartBytes: number;
    restartBusyTimeoutMs: number;
  };
  // The slots of STOP and RESTARTING above (the thread sees only this function's source).
  const [stop, restarting] = [0, 1];
  const db = new DatabaseSync(filename);
  try {
    // PASSIVE never waits on a lock; RESTART waits this long for the writers and the readers.
    db.exec(`PRAGMA busy_timeout = ${restartBusyTimeoutMs}`);
    // As the writers': the log is synced before it is copied and the database after.
    db.exec("PRAGMA synchronous = NORMAL");
    const { page_size: pageSize } = db.prepare("PRAGMA page_size").get() as { page_size: number };
    const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
    const restart = db.prepare("PRAGMA wal_checkpoint(RESTART)");
    let lastError: string | undefined;
    // The log's length at the last RESTART that completed: it keeps that length until the next write starts it over.
    let restartedAt = 0;
    while (Atomics.load(flags, stop) === 0) {
      let copiedAll = false;
      try {
        const { log, checkpointed } = passive.get() as { log: number; checkpointed: number };
        copiedAll = checkpointed >= log;
        if (log * pageSize >= restartBytes && log !== restartedAt) {
          Atomics.store(flags, restarting, 1);
          try {
            const { busy } = restart.get() as { busy: number };
            if (busy === 0) restartedAt = log;
          } finally {
            Atomics.store(flags, restarting, 0);
            Atomics.notify(flags, restarting);
          }
        }
        lastError = undefined;
      } catch (error) {
        const message = (error as Error).message;
        if (message !== lastError) parentPort?.postMessage(message);
        lastError = message;
      }
      Atomics.wait(flags, stop, 0, copiedAll ? idleWaitMs : busyWaitMs);
    }
  } finally {
    db.close();
  }
}
