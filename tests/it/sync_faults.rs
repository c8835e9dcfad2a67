//! Sync over real SSH when the other side cannot or will not sync: runs one case of
//! `tests/sync_faults.sh` (which says what each checks) a test, on the binary cargo
//! built, and prints its figures. It skips, printing why, only when a tool it needs or
//! root is missing, and under `CI=true` that fails instead (`.ci/run` installs them, and
//! runs as root).

use crate::common;

/// Runs `case`; every check it made printed one line, and `lines` of them came.
fn case(case: &str, lines: usize) {
    if let Some(stdout) = common::run_script("sync_faults.sh", &[case]) {
        println!("{}", stdout.trim());
        let done = stdout.lines().filter(|l| l.starts_with(case)).count();
        assert_eq!(done, lines, "{stdout}");
    }
}

#[test]
fn a_remote_that_cannot_sync_says_so_in_one_line_and_nothing_changes_here() {
    case("cannot", 6);
}

#[test]
fn a_hostile_remote_is_bounded_in_time_and_memory_sanitised_and_refused() {
    case("hostile", 10);
}

#[test]
fn a_reader_open_on_the_remote_during_a_sync_merges_at_its_next_save() {
    case("reader", 1);
}

#[test]
fn syncs_at_once_among_three_homes_lose_nothing_and_converge() {
    case("together", 1);
}
