-- Fixed-window request counters, shared by every server process (docs/decisions/0011-no-shared-state-in-process-memory.md: no per-process state).
CREATE TABLE rate_limits (
  key text NOT NULL,
  window_start bigint NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
