//! Application state and key handling (no drawing, no I/O).
