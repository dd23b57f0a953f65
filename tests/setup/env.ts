// Every test process starts with an in-memory database and quiet logs unless a test says otherwise.
process.env.DATABASE_URL ??= "memory://";
process.env.LOG_LEVEL ??= "silent";
process.env.JOBS_WORKER_ENABLED ??= "false";
