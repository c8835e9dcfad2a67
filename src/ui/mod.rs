//! Drawing the application state with ratatui (no state changes, no I/O).
