//! The held-out text as data: its characters (`heldout`), and statistics over all of
//! its windows (`heldout_loss`, `head_stat`, `stream_stat`, `part_attrs`,
//! `top_contexts`, `heldout_mean`), over repeated random text (`repeat_stat`), and the
//! unigram and bigram baselines (`ngram_loss`).
//!
//! A sweep over the held-out text is about 150 forward passes: each evaluation may
//! start a few ([`crate::eval::budget::MAX_SWEEPS`]), and each result is kept (per
//! intervention, a bounded number of them), so asking again is free.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::edits::{self, Spec, edit_arg, model_for};
use super::text::{index, number};
use super::{Arg, Budget, Matrix, Value, model};
use crate::eval::args::integer;
use crate::eval::random::rand_stream;
use crate::model::{Edits, Heldout, RepeatStats, Site, Sweep, TOP_K, shipped_heldout};

/// Sweeps (and repeat statistics) kept, by intervention: enough for every control of
/// the course's model sections (about 25 interventions), so that `check`, which
/// evaluates each claim twice (as a claim, then for the numbers its prose repeats),
/// computes each sweep once; few enough that the cache stays small (a sweep is about
/// 70 kB).
const KEPT: usize = 48;

/// Random texts for [`repeat_stat`]: this many, each a half of [`HALF`] ids repeated.
const REPEATS: u64 = 16;
const HALF: usize = 32;

static SWEEPS: Mutex<Option<HashMap<String, Arc<Sweep>>>> = Mutex::new(None);
static REPEAT: Mutex<Option<HashMap<String, Arc<RepeatStats>>>> = Mutex::new(None);

fn heldout_data() -> Result<&'static Heldout, String> {
    shipped_heldout().map_err(|e| format!("no held-out text: {e}"))
}

/// A kept value, or a new one made by `make` and kept.
fn cached<T>(
    cache: &Mutex<Option<HashMap<String, Arc<T>>>>,
    key: &str,
    make: impl FnOnce() -> Result<T, String>,
) -> Result<Arc<T>, String> {
    if let Some(v) = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|m| m.get(key))
    {
        return Ok(Arc::clone(v));
    }
    let v = Arc::new(make()?);
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    let map = guard.get_or_insert_with(HashMap::new);
    if map.len() >= KEPT {
        map.clear();
    }
    map.insert(key.to_string(), Arc::clone(&v));
    Ok(v)
}

/// The intervention of a statistic, read for 64-character windows; a patch has no
/// source there.
fn spec_of(edit: Option<&str>) -> Result<Spec, String> {
    let Some(edit) = edit else {
        return Ok(Spec::default());
    };
    let c = model()?.config;
    let spec = edits::parse(edit, &c, c.n_ctx)?;
    if spec.source.is_some() {
        return Err(
            "a statistic runs every window of the held-out text, so a patch has no source there"
                .into(),
        );
    }
    if spec.edits.iter().any(|e| e.at.is_some()) {
        return Err(
            "a statistic runs windows of every text: an edit there has no @character".into(),
        );
    }
    Ok(spec)
}

/// The sweep without edits: its means serve every mean ablation.
pub(super) fn plain_sweep(budget: &mut Budget) -> Result<Arc<Sweep>, String> {
    sweep(None, budget)
}

fn sweep(edit: Option<&str>, budget: &mut Budget) -> Result<Arc<Sweep>, String> {
    let key = edit.unwrap_or("").trim().to_string();
    let m = model()?;
    let data = heldout_data()?;
    cached(&SWEEPS, &key, || {
        let spec = spec_of(edit)?;
        let means = match spec.needs_means() {
            true => Some(plain_sweep(budget)?),
            false => None,
        };
        budget.sweep()?;
        let edits = Edits {
            list: &spec.edits,
            source: None,
            means: means.as_ref().and_then(|s| s.means.as_ref()),
        };
        let model = model_for(&spec, m);
        model.sweep(data, &edits, &mut || budget.interrupted())
    })
}

/// `heldout(start[, n])`: the token ids of held-out characters `start` to
/// `start + n - 1` (n = 64 by default), a text for any model function; or, given a
/// vector of indices (as `top_contexts` returns them), the id at each.
pub(super) fn heldout(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let m = model()?;
    let data = heldout_data()?;
    if let Value::Vector(at) = number(&args[0], "start")? {
        if args.len() > 1 {
            return Err("heldout(indices) takes no n: it gives one id per index".into());
        }
        budget.alloc("the token ids", 1, at.len())?;
        let at = super::text::whole_numbers(at, "an index", data.ids.len())?;
        return Ok(Value::Vector(
            at.iter().map(|&i| data.ids[i] as f64).collect(),
        ));
    }
    let start = integer(number(&args[0], "start")?, "start")?;
    let n = match args.get(1) {
        Some(a) => integer(number(a, "n")?, "n")?,
        None => m.config.n_ctx as i64,
    };
    let len = data.ids.len() as i64;
    if !(1..=m.config.n_ctx as i64).contains(&n) {
        return Err(format!("n must be from 1 to {}, got {n}", m.config.n_ctx));
    }
    if start < 0 || start + n > len {
        return Err(format!(
            "the held-out text has characters 0 to {}; {n} from {start} do not fit",
            len - 1
        ));
    }
    budget.alloc("the token ids", 1, n as usize)?;
    let s = start as usize;
    Ok(Value::Vector(
        data.ids[s..s + n as usize]
            .iter()
            .map(|&i| i as f64)
            .collect(),
    ))
}

/// `heldout_loss([edit])`: the mean next-character loss over the held-out windows.
pub(super) fn heldout_loss(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let edit = edit_arg(args, 0)?;
    Ok(Value::Scalar(sweep(edit, budget)?.loss))
}

/// The statistics `head_stat` knows, with what each measures (for `help(model)`).
pub(super) const HEAD_STATS: [(&str, &str); 8] = [
    ("prev", "mean weight on the previous character"),
    (
        "prev_top",
        "share of rows whose largest weight is the previous character",
    ),
    ("self", "mean weight on the character itself"),
    ("entropy", "mean entropy of a row, nats"),
    (
        "first",
        "inside a word past its first letter: mean weight on that first letter",
    ),
    (
        "first_top",
        "... share of those rows whose largest weight is the first letter",
    ),
    ("max", "mean largest weight of a row"),
    (
        "score_std",
        "mean standard deviation of a row's scaled scores",
    ),
];

/// `head_stat(name[, edit])`: n_layer x n_head, over every row t >= 1 of every window.
pub(super) fn head_stat(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let name = name_arg(&args[0], &HEAD_STATS.map(|(n, _)| n))?;
    let s = sweep(edit_arg(args, 1)?, budget)?;
    let h = &s.heads;
    let grid = match name {
        "prev" => &h.prev,
        "prev_top" => &h.prev_top,
        "self" => &h.own,
        "entropy" => &h.entropy,
        "first" => &h.first,
        "first_top" => &h.first_top,
        "max" => &h.max,
        _ => &h.score_std,
    };
    grid_value(grid, budget)
}

/// `top_contexts(layer, neuron[, k])`: k x 2, rows `[index in the held-out text,
/// activation]` of the neuron's k largest activations, largest first.
pub(super) fn top_contexts(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let c = model()?.config;
    let l = index(&args[0], "layer", c.n_layer)?;
    let j = index(&args[1], "neuron", c.d_ff)?;
    let k = match args.get(2) {
        Some(a) => index(a, "k", TOP_K + 1)?.max(1),
        None => 5,
    };
    let s = plain_sweep(budget)?;
    let top = &s.top[l][j][..k];
    budget.alloc("the result", k, 2)?;
    let data = top
        .iter()
        .flat_map(|&(a, i)| [i as f64, f64::from(a)])
        .collect();
    Ok(Value::Matrix(
        Matrix::new(k, 2, data).expect("k x 2 entries"),
    ))
}

pub(super) const STREAM_STATS: [(&str, &str); 4] = [
    ("norm", "mean norm of a character's stream"),
    ("std", "mean standard deviation of a character's features"),
    (
        "lens_agree",
        "share of characters where the stream read through LN_f and the unembedding already picks the model's final choice",
    ),
    ("lens_loss", "loss of that reading, nats"),
];

/// `stream_stat(name[, edit])`: one entry per stream, `resid(text, 0)` to
/// `resid(text, n_layer)`, over every character of the held-out windows.
pub(super) fn stream_stat(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let name = name_arg(&args[0], &STREAM_STATS.map(|(n, _)| n))?;
    let s = sweep(edit_arg(args, 1)?, budget)?;
    let st = &s.streams;
    let v = match name {
        "norm" => &st.norm,
        "std" => &st.std,
        "lens_agree" => &st.agree,
        _ => &st.loss,
    };
    Ok(Value::Vector(v.clone()))
}

/// `part_attrs([edit])`: per part (the columns of `logit_attrs`), its mean direct share
/// of the right next character's logit over the held-out windows.
pub(super) fn part_attrs(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let s = sweep(edit_arg(args, 0)?, budget)?;
    Ok(Value::Vector(s.streams.attrs.clone()))
}

/// `heldout_mean(site)`: the mean a `"mean SITE"` edit substitutes (a pattern's is
/// n_ctx x n_ctx).
pub(super) fn heldout_mean(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let Arg::Text(site) = &args[0] else {
        return Err("the site is a string, as in heldout_mean(\"l1.n226\")".into());
    };
    let c = model()?.config;
    let spec = edits::parse(&format!("mean {site}"), &c, c.n_ctx)?;
    let [edit] = spec.edits.as_slice() else {
        return Err("give one site".into());
    };
    if edit.at.is_some() {
        return Err("a mean is over every character: no @".into());
    }
    let s = plain_sweep(budget)?;
    let m = s
        .means
        .as_ref()
        .expect("the plain sweep measures the means");
    let row = |v: &[f32]| Value::Vector(v.iter().map(|&x| f64::from(x)).collect());
    Ok(match edit.site {
        Site::Embed => row(&m.embed),
        Site::Pos => row(&m.pos),
        Site::Resid(l) => row(&m.resid[l]),
        Site::Head(l, h) => row(&m.head[l][h]),
        Site::Pattern(l, h) => return super::value(&m.pattern[l][h], budget, false),
        Site::Neuron(l, j) => Value::Scalar(f64::from(m.neuron[l][j])),
        Site::Attn(l) => row(&m.attn[l]),
        Site::Mlp(l) => row(&m.mlp[l]),
    })
}

pub(super) const REPEAT_STATS: [(&str, &str); 3] = [
    (
        "induction",
        "mean weight of the second half on the character after the first copy",
    ),
    (
        "duplicate",
        "mean weight of the second half on the first copy of itself",
    ),
    (
        "loss",
        "[loss inside the first half, inside the second] (a vector)",
    ),
];

/// `repeat_stat(name[, edit])` on random text repeated once (see [`repeat_texts`]).
pub(super) fn repeat_stat(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let name = name_arg(&args[0], &REPEAT_STATS.map(|(n, _)| n))?;
    let edit = edit_arg(args, 1)?;
    let m = model()?;
    let stats = cached(&REPEAT, edit.unwrap_or("").trim(), || {
        let spec = spec_of(edit)?;
        let means = match spec.needs_means() {
            true => Some(plain_sweep(budget)?),
            false => None,
        };
        let texts = repeat_texts(m.config.vocab);
        for t in &texts {
            budget.model_pass(m.work(t.len()))?;
        }
        let edits = Edits {
            list: &spec.edits,
            source: None,
            means: means.as_ref().and_then(|s| s.means.as_ref()),
        };
        model_for(&spec, m).repeat_stats(&texts, &edits)
    })?;
    match name {
        "induction" => grid_value(&stats.induction, budget),
        "duplicate" => grid_value(&stats.duplicate, budget),
        _ => Ok(Value::Vector(stats.loss.to_vec())),
    }
}

/// Text k (0 to 15) is `floor(97 rand(32, k))` followed by itself: uniform random
/// characters, so only a copy of the first half can predict the second.
fn repeat_texts(vocab: usize) -> Vec<Vec<usize>> {
    (0..REPEATS)
        .map(|k| {
            let half: Vec<usize> = rand_stream(k)
                .take(HALF)
                .map(|u| ((u * vocab as f64) as usize).min(vocab - 1))
                .collect();
            [half.clone(), half].concat()
        })
        .collect()
}

/// `ngram_loss(order[, text])`: the add-one unigram (1) or bigram (2) model of the
/// training text, scored on the held-out windows' predictions, or on a text's.
pub(super) fn ngram_loss(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let m = model()?;
    let data = heldout_data()?;
    let order = integer(number(&args[0], "order")?, "order")?;
    if !(1..=2).contains(&order) {
        return Err(format!(
            "order must be 1 (unigram) or 2 (bigram), got {order}"
        ));
    }
    let losses: Vec<f64> = match args.get(1) {
        Some(t) => {
            let (ids, _) = super::text::text(t, m)?;
            if ids.len() < 2 {
                return Err("the loss needs a text of at least 2 characters".into());
            }
            data.ngram_losses(order as usize, &ids)
        }
        None => {
            let n = m.config.n_ctx;
            data.window_starts(n)
                .flat_map(|s| data.ngram_losses(order as usize, &data.ids[s..=s + n]))
                .collect()
        }
    };
    budget.work(losses.len() as u64)?;
    Ok(Value::Scalar(
        losses.iter().sum::<f64>() / losses.len() as f64,
    ))
}

/// A string argument that must be one of `names`.
fn name_arg<'a>(arg: &Arg, names: &[&'a str]) -> Result<&'a str, String> {
    let Arg::Text(s) = arg else {
        return Err(format!(
            "the statistic is a string: one of {}",
            names.join(", ")
        ));
    };
    names
        .iter()
        .find(|n| **n == s.as_str())
        .copied()
        .ok_or_else(|| format!("no statistic {s:?}: one of {}", names.join(", ")))
}

fn grid_value(grid: &[Vec<f64>], budget: &mut Budget) -> Result<Value, String> {
    let (r, c) = (grid.len(), grid.first().map_or(0, Vec::len));
    budget.alloc("the result", r, c)?;
    Ok(Value::Matrix(
        Matrix::new(r, c, grid.concat()).expect("a full grid"),
    ))
}
