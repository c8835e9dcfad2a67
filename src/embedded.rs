//! `lessons/` as it was when the binary was built (`build.rs` makes cargo rebuild when it
//! changes): the course's text for `content`, the model's weights for `model`. A leaf
//! module, so that neither of them depends on the other.

use include_dir::{Dir, include_dir};

pub static LESSONS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/lessons");
