//! Any input: no panic, no hang, no control character in the output or the error, and
//! ASCII mode 7-bit.
#![no_main]
use attn_course::math::{Options, display, inline};
use libfuzzer_sys::fuzz_target;

fn clean(s: &str) -> bool {
    !s.chars().any(char::is_control)
}

fuzz_target!(|data: &[u8]| {
    let Ok(tex) = std::str::from_utf8(data) else {
        return;
    };
    for ascii in [false, true] {
        let opts = Options { ascii };
        let width = 1 + data.len() % 100;
        match display(tex, width, &opts) {
            Ok(rows) => {
                for row in &rows {
                    assert!(clean(row), "control character in {row:?}");
                    assert!(!ascii || row.is_ascii(), "non-ASCII in {row:?}");
                }
            }
            Err(e) => {
                assert!(clean(&e.message), "control character in {e}");
                assert!(e.column >= 1 && e.column <= tex.chars().count() + 1, "{e}");
            }
        }
        match inline(tex, &opts) {
            Ok(line) => {
                assert!(clean(&line));
                assert!(!ascii || line.is_ascii(), "non-ASCII in {line:?}");
            }
            Err(e) => assert!(clean(&e.message)),
        }
    }
});
