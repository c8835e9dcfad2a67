//! A progress file as found on disk (hand-edited, truncated, from another release):
//! parsing gives a record or an error, never a panic; a record writes back and reads
//! again as the same record.
#![no_main]
use attn_course::store::format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(progress) = format::parse(data)
        && let Ok(text) = format::to_toml(&progress)
    {
        let again = format::parse(text.as_bytes()).expect("a written record reads back");
        assert_eq!(again, progress);
    }
});
