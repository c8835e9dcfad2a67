//! The course's own model, loaded once, when a model function is first used: start-up
//! and the memory of a session that never looks at the model do not pay for it.
//!
//! The embedded course has its weights in the binary; a course given with `--course DIR`
//! has them in `DIR/model/weights.safetensors` or has no model (then every model
//! function says so; the course itself loads fine).

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::data::{Heldout, MAX_HELDOUT_CHARS};
use super::load::Model;
use crate::disk::Refused;

/// Where the weights are, relative to the course directory.
pub const WEIGHTS_FILE: &str = "model/weights.safetensors";

/// The held-out text and the training text's bigram counts, beside the weights.
const HELDOUT_FILE: &str = "model/heldout.txt";
const BIGRAMS_FILE: &str = "model/bigrams.txt";

/// The largest held-out or bigram file read (the shipped ones are 10 and 21 kB).
const MAX_DATA_BYTES: u64 = 4 * MAX_HELDOUT_CHARS as u64 + (1 << 20);

/// The largest weight file read from a course directory: the shipped one is under 1 MB.
const MAX_FILE_BYTES: u64 = 16 << 20;

static COURSE_DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
static MODEL: OnceLock<Result<Model, String>> = OnceLock::new();
static HELDOUT: OnceLock<Result<Heldout, String>> = OnceLock::new();

thread_local! {
    /// Set while [`without`] runs: the course is being read as it is without its model.
    static HIDDEN: Cell<bool> = const { Cell::new(false) };
}

/// What a model function says while [`without`] hides the model.
pub const HIDDEN_MESSAGE: &str = "the course is being read without its model";

/// Runs `f` as if the course had no model: [`shipped`] refuses on this thread until
/// it returns. `check` reads the parts of a course outside `{.model}` sections this way,
/// so that a number which needs the model, written outside one, is found even though
/// the model is there.
pub fn without<T>(f: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            HIDDEN.set(self.0);
        }
    }
    let _restore = Restore(HIDDEN.replace(true));
    f()
}

/// Chooses the course whose model [`shipped`] loads (`None`: the embedded course). The
/// command line calls it once, before anything evaluates; later calls change nothing.
pub fn use_course_dir(dir: Option<&Path>) {
    let _ = COURSE_DIR.set(dir.map(Path::to_path_buf));
}

/// The course's model, loaded on the first call; or why there is none.
pub fn shipped() -> Result<&'static Model, String> {
    if HIDDEN.get() {
        return Err(HIDDEN_MESSAGE.to_string());
    }
    MODEL.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// The held-out text of the course's model, read on the first call; or why there is
/// none.
pub fn shipped_heldout() -> Result<&'static Heldout, String> {
    let model = shipped()?;
    HELDOUT
        .get_or_init(|| {
            let text = read_data(HELDOUT_FILE)?;
            let bigrams = read_data(BIGRAMS_FILE)?;
            Heldout::parse(model, &text, &bigrams).map_err(|e| format!("{HELDOUT_FILE}: {e}"))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// A text file of the model's data, from the embedded course or the course directory.
fn read_data(name: &str) -> Result<String, String> {
    let Some(dir) = COURSE_DIR.get().cloned().flatten() else {
        return crate::embedded::LESSONS
            .get_file(name)
            .and_then(|f| f.contents_utf8())
            .map(str::to_string)
            .ok_or_else(|| format!("this build of the course has no {name}"));
    };
    let path = dir.join(name);
    let bytes = read_course_file(
        &path,
        MAX_DATA_BYTES,
        "this course's model has no held-out text",
    )?;
    String::from_utf8(bytes).map_err(|_| format!("{}: not valid UTF-8", path.display()))
}

/// Reads a file of the course's model through [`crate::disk::read_regular`]: a FIFO
/// there would hang the reader beyond every signal, a link to `/dev/zero` would fill
/// the memory. `missing` is what a missing file means.
fn read_course_file(path: &Path, cap: u64, missing: &str) -> Result<Vec<u8>, String> {
    let shown = path.display();
    crate::disk::read_regular(path, cap).map_err(|refused| match refused {
        Refused::Io(e) if e.kind() == std::io::ErrorKind::NotFound => {
            format!("{missing} ({shown} is missing)")
        }
        Refused::Io(e) => format!("{shown}: {e}"),
        Refused::NotRegular(kind) => format!("{shown} is {kind}, not a regular file"),
        Refused::TooLarge(size) => {
            format!("{shown}: {size} bytes or more; at most {cap} are read")
        }
    })
}

fn load() -> Result<Model, String> {
    let Some(dir) = COURSE_DIR.get().cloned().flatten() else {
        let file = crate::embedded::LESSONS
            .get_file(WEIGHTS_FILE)
            .ok_or("this build of the course has no model")?;
        return Model::from_bytes(file.contents())
            .map_err(|e| format!("the embedded model is broken: {e}"));
    };
    let path = dir.join(WEIGHTS_FILE);
    let bytes = read_course_file(&path, MAX_FILE_BYTES, "this course has no model")?;
    let shown = path.display();
    Model::from_bytes(&bytes).map_err(|e| format!("{shown}: {e}"))
}
