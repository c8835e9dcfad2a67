//! The arguments of the model functions: a text given three ways (a string, token ids,
//! or a 2 x n matrix of ids and positions) and the layer and head numbers, each checked
//! against the model's sizes with an error that says which argument is wrong.

use crate::eval::args::integer;
use crate::eval::builtin::Arg;
use crate::eval::value::Value;
use crate::model::Model;

/// Each token's position, `None` where it has no positional vector.
pub(super) type Positions = Vec<Option<usize>>;

/// Token ids and positions of a text argument (see the module's note).
pub(super) fn text(arg: &Arg, m: &Model) -> Result<(Vec<usize>, Positions), String> {
    let (ids, positions) = match arg {
        Arg::Text(s) => {
            let ids = m.encode(s)?;
            let positions = (0..ids.len()).map(Some).collect();
            (ids, positions)
        }
        Arg::Value(Value::Matrix(mx)) if mx.rows() == 2 => {
            let ids = whole_numbers(mx.row(0), "a token id", m.config.vocab)?;
            let positions = mx
                .row(1)
                .iter()
                .map(|&p| {
                    if p == -1.0 {
                        Ok(None)
                    } else {
                        whole_numbers(&[p], "a position (or -1)", m.config.n_ctx)
                            .map(|v| Some(v[0]))
                    }
                })
                .collect::<Result<_, _>>()?;
            (ids, positions)
        }
        Arg::Value(Value::Matrix(mx)) => {
            return Err(format!(
                "a text given as a matrix has 2 rows (token ids, positions), got {}",
                mx.rows()
            ));
        }
        Arg::Value(v) => {
            let ids = whole_numbers(v.elements(), "a token id", m.config.vocab)?;
            let positions = (0..ids.len()).map(Some).collect();
            (ids, positions)
        }
    };
    if ids.is_empty() || ids.len() > m.config.n_ctx {
        return Err(format!(
            "the model reads 1 to {} characters, got {}",
            m.config.n_ctx,
            ids.len()
        ));
    }
    Ok((ids, positions))
}

/// Each of `xs` as a whole number below `limit`, or an error naming `what`.
pub(super) fn whole_numbers(xs: &[f64], what: &str, limit: usize) -> Result<Vec<usize>, String> {
    xs.iter()
        .map(|&x| {
            integer(&Value::Scalar(x), what)
                .ok()
                .filter(|&i| (0..limit as i64).contains(&i))
                .map(|i| i as usize)
                .ok_or_else(|| {
                    format!(
                        "{what} must be a whole number from 0 to {}, got {x}",
                        limit - 1
                    )
                })
        })
        .collect()
}

/// The value of a numeric argument; a string there is an error naming `what`.
pub(super) fn number<'a>(arg: &'a Arg, what: &str) -> Result<&'a Value, String> {
    match arg {
        Arg::Value(v) => Ok(v),
        Arg::Text(_) => Err(format!("{what} must be a number, not a string")),
    }
}

/// A layer or head number below `limit`.
pub(super) fn index(arg: &Arg, what: &str, limit: usize) -> Result<usize, String> {
    let i = integer(number(arg, what)?, what)?;
    if (0..limit as i64).contains(&i) {
        Ok(i as usize)
    } else {
        Err(format!("{what} must be from 0 to {}, got {i}", limit - 1))
    }
}
