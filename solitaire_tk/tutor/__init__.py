"""The tutor's headless side: hints, what to point at, and stepping through a replay."""
