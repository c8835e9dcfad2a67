//! `progress import FILE` with a whole hostile file: decoding gives a record or a one-line
//! error, never a panic; a record it accepts merges into a learner's record, and the
//! merge is bounded (written within the size cap or refused), reads back as itself and
//! is idempotent (importing the same file again changes nothing).
#![no_main]
use attn_course::progress::Progress;
use attn_course::progress::clock;
use attn_course::store::{self, format};
use libfuzzer_sys::fuzz_target;

/// The learner's record the import lands in: the schema-1 sample.
fn local() -> Progress {
    let sample = include_bytes!("../../progress/v1.toml");
    format::parse(sample).expect("the v1 sample parses")
}

fuzz_target!(|data: &[u8]| {
    let imported = match store::decode_record(data, &"import.toml", clock::now()) {
        Ok(imported) => imported,
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "a multi-line error: {e}");
            return;
        }
    };
    let mut merged = local();
    merged.merge_from(&imported);
    let Ok(text) = store::record_text(&merged) else {
        return;
    };
    assert!(text.len() as u64 <= store::MAX_RECORD_BYTES);
    let back = format::parse(text.as_bytes()).expect("a written record reads back");
    assert_eq!(back, merged);
    let mut again = merged.clone();
    again.merge_from(&imported);
    assert_eq!(again, merged, "importing twice changed the record");
});
