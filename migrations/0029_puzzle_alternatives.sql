-- A puzzle's other right answers (docs/puzzles.md, "Judging an attempt"): decisions as good as the
-- solution's at one of the solver's choices, found by re-verifying at deeper searches. A JSON array of
-- `{"at": N, "decision": "c1"}` as text, like `solution`; most puzzles have none. Portable SQL, like 0001.
ALTER TABLE puzzles ADD COLUMN alternatives TEXT NOT NULL DEFAULT '[]';
