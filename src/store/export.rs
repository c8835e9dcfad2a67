//! Writing an export (`progress export FILE`, `--notes FILE`) to a file the learner
//! names, by one rule:
//! - `-` is standard output;
//! - a symbolic link is followed to the file it names, and the report says so;
//! - the file must be a regular file or not exist yet: a FIFO, a device or a folder is
//!   refused (`-` is the way to standard output);
//! - an existing file is replaced only with `--force`;
//! - a file the store keeps in the home (the progress file, its lock, its pending, set
//!   aside and temporary files, or another name for one of them) is never written;
//! - the file is replaced atomically (temporary file and rename in its own folder), so
//!   a failed export leaves it as it was, and no temporary name reaches the message.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::{FILE_NAME, Store, file, pending};

/// Where an export went, for the one line that reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exported {
    Stdout,
    /// The file written; `through` is the symbolic link named, when there was one.
    File {
        path: PathBuf,
        through: Option<PathBuf>,
    },
}

impl std::fmt::Display for Exported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exported::Stdout => write!(f, "standard output"),
            Exported::File {
                path,
                through: None,
            } => write!(f, "{}", path.display()),
            Exported::File {
                path,
                through: Some(link),
            } => write!(
                f,
                "{} (the file the link {} points to)",
                path.display(),
                link.display()
            ),
        }
    }
}

/// Writes `bytes` to `target` by the rule above; the error is one line saying why.
pub fn export(store: &Store, target: &Path, bytes: &[u8], force: bool) -> Result<Exported, String> {
    if target == Path::new("-") {
        let mut out = io::stdout().lock();
        out.write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write to standard output: {e}"))?;
        return Ok(Exported::Stdout);
    }
    let shown = target.display();
    let path = file::resolve_links(target).map_err(|e| format!("cannot write {shown}: {e}"))?;
    let through = (path != target).then(|| target.to_path_buf());
    let existing = match fs::metadata(&path) {
        Ok(meta) if !meta.is_file() => {
            return Err(format!(
                "{}; give - to write to standard output",
                file::not_regular(&path)
            ));
        }
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot write {shown}: {e}")),
    };
    if owned_by_store(store, &path, existing.as_ref()) {
        return Err(format!(
            "{shown} is attn-course's own progress file (or one kept beside it); choose another file"
        ));
    }
    if existing.is_some() && !force {
        return Err(format!(
            "{shown} already exists; pass --force to replace it"
        ));
    }
    file::write_atomic(&path, bytes).map_err(|e| format!("cannot write {shown}: {e}"))?;
    Ok(Exported::File { path, through })
}

/// True when `path` (links resolved) is a file the store keeps: a store name in the
/// home folder, or another name (hard link) for one of the store's files.
fn owned_by_store(store: &Store, path: &Path, meta: Option<&fs::Metadata>) -> bool {
    let Some(home) = store.path().map(file::parent) else {
        return false;
    };
    let same_folder = match (fs::canonicalize(home), fs::canonicalize(file::parent(path))) {
        (Ok(home), Ok(dir)) => home == dir,
        _ => false,
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    if same_folder && name.as_deref().is_some_and(is_store_name) {
        return true;
    }
    let Some(meta) = meta else { return false };
    let Ok(entries) = fs::read_dir(home) else {
        return false;
    };
    entries.flatten().any(|entry| {
        is_store_name(&entry.file_name().to_string_lossy())
            && fs::metadata(entry.path())
                .is_ok_and(|m| (m.dev(), m.ino()) == (meta.dev(), meta.ino()))
    })
}

/// The names the store writes in its home.
fn is_store_name(name: &str) -> bool {
    name == FILE_NAME
        || name == file::LOCK_NAME
        || (name.starts_with("progress.") && name.ends_with(".toml"))
        || name.starts_with(".attn-course-")
        || pending::is_pending_name(name)
}
