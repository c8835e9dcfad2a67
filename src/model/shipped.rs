//! The course's own model, loaded once, when a model function is first used: start-up
//! and the memory of a session that never looks at the model do not pay for it.
//!
//! The embedded course has its weights in the binary; a course given with `--course DIR`
//! has them in `DIR/model/weights.safetensors` or has no model (then every model
//! function says so; the course itself loads fine).

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::load::Model;

/// Where the weights are, relative to the course directory.
pub const WEIGHTS_FILE: &str = "model/weights.safetensors";

/// The largest weight file read from a course directory: the shipped one is under 1 MB.
const MAX_FILE_BYTES: u64 = 16 << 20;

static COURSE_DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
static MODEL: OnceLock<Result<Model, String>> = OnceLock::new();

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

fn load() -> Result<Model, String> {
    let Some(dir) = COURSE_DIR.get().cloned().flatten() else {
        let file = crate::embedded::LESSONS
            .get_file(WEIGHTS_FILE)
            .ok_or("this build of the course has no model")?;
        return Model::from_bytes(file.contents())
            .map_err(|e| format!("the embedded model is broken: {e}"));
    };
    let path = dir.join(WEIGHTS_FILE);
    let shown = path.display();
    let size = match std::fs::metadata(&path) {
        Ok(meta) => meta.len(),
        Err(_) => return Err(format!("this course has no model ({shown} is missing)")),
    };
    if size > MAX_FILE_BYTES {
        return Err(format!(
            "{shown}: {size} bytes; a model file is at most {MAX_FILE_BYTES}"
        ));
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("{shown}: {e}"))?;
    Model::from_bytes(&bytes).map_err(|e| format!("{shown}: {e}"))
}
