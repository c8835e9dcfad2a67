//! Forward passes for the model functions: a text, optionally with an intervention
//! (`edits`), run once and kept, so that several questions about one run cost one pass
//! (`loss(t) - loss(t, "zero l0.h3")` is two passes, asked again it is none).
//!
//! A pass is charged at [`crate::eval::budget::MODEL_MACS_PER_OP`]; a patch also runs
//! its source text, a mean ablation needs the held-out means (one cached sweep).

use std::sync::{Arc, Mutex};

use super::edits::{self, Spec, model_for};
use super::stats;
use super::text::text;
use super::{Arg, Budget, model};
use crate::model::{Edits, Run};

/// Runs kept, newest last: an intervention and its clean run, and a patch's source.
const KEPT: usize = 4;

#[derive(PartialEq)]
struct Key {
    ids: Vec<usize>,
    positions: Vec<Option<usize>>,
    edit: String,
}

static RUNS: Mutex<Vec<(Key, Arc<Run>)>> = Mutex::new(Vec::new());

/// The run of `text_arg` with the intervention `edit` (none: the plain run).
pub(super) fn run(
    text_arg: &Arg,
    edit: Option<&str>,
    budget: &mut Budget,
) -> Result<Arc<Run>, String> {
    let m = model()?;
    let (ids, positions) = text(text_arg, m)?;
    let key = Key {
        ids,
        positions,
        edit: edit.unwrap_or("").trim().to_string(),
    };
    if let Some(run) = kept(&key) {
        return Ok(run);
    }
    let spec = match edit {
        Some(e) => edits::parse(e, &m.config, key.ids.len())?,
        None => Spec::default(),
    };
    let model = model_for(&spec, m);
    let source = match &spec.source {
        Some(s) => {
            let src_ids = m
                .encode(s)
                .map_err(|e| format!("the patch's source: {e}"))?;
            if src_ids.len() != key.ids.len() {
                return Err(format!(
                    "a patch's source must be as long as the text: {} characters, not {}",
                    key.ids.len(),
                    src_ids.len()
                ));
            }
            budget.model_pass(m.work(src_ids.len()))?;
            Some(model.run(&src_ids, &key.positions)?)
        }
        None => None,
    };
    let sweep = match spec.needs_means() {
        true => Some(stats::plain_sweep(budget)?),
        false => None,
    };
    budget.model_pass(m.work(key.ids.len()))?;
    let edits = Edits {
        list: &spec.edits,
        source: source.as_ref(),
        means: sweep.as_ref().and_then(|s| s.means.as_ref()),
    };
    let run = Arc::new(model.run_edited(&key.ids, &key.positions, &edits)?);
    keep(key, Arc::clone(&run));
    Ok(run)
}

fn kept(key: &Key) -> Option<Arc<Run>> {
    let runs = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    runs.iter()
        .find(|(k, _)| k == key)
        .map(|(_, r)| Arc::clone(r))
}

fn keep(key: Key, run: Arc<Run>) {
    let mut runs = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    runs.retain(|(k, _)| *k != key);
    if runs.len() == KEPT {
        runs.remove(0);
    }
    runs.push((key, run));
}
