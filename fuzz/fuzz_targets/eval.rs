//! The evaluator on arbitrary text: parsing, evaluating and printing must give a value
//! or an error, never a panic, a stack overflow or a hang (run with `-timeout=5`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let mut env = attn_course::eval::Env::new();
    if let Ok(value) = attn_course::eval::run(src, &mut env) {
        let _ = (value.to_string(), value.to_json());
    }
});
