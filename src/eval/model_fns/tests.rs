//! The model functions on the shipped model: texts, activations, help.

use crate::eval::{Env, Value, run};

fn eval(src: &str) -> Result<Value, String> {
    run(src, &mut Env::new()).map_err(|e| e.to_string())
}

#[test]
fn strings_are_only_arguments_of_model_functions() {
    assert_eq!(
        eval("sum(\"ab\")").unwrap_err(),
        "a string can only be the text or name given to a model function, as in tokens(\"the key\") at 1:5"
    );
    assert!(eval("let s = \"ab\"").is_err());
    assert_eq!(
        eval("tokens(\"a\\\"b\")").unwrap().len(),
        3,
        "escapes resolve"
    );
    assert!(
        eval("tokens(\"ab")
            .unwrap_err()
            .starts_with("unterminated string")
    );
}

#[test]
fn a_text_is_a_string_token_ids_or_ids_and_positions() {
    let ids = eval("tokens(\"the key\")").unwrap();
    assert_eq!(ids.len(), 7);
    let by_string = eval("logits(\"the key\")").unwrap();
    assert_eq!(eval("logits(tokens(\"the key\"))").unwrap(), by_string);
    assert_eq!(
        eval("let t = tokens(\"the key\"); logits([t, range(7)])").unwrap(),
        by_string
    );
    let no_positions = eval("let t = tokens(\"the key\"); logits([t, -ones(7)])").unwrap();
    assert_ne!(
        no_positions, by_string,
        "removing positions changes the logits"
    );
    assert_eq!(
        eval("tokens(\"Ω\")").unwrap_err(),
        "tokens: character 'Ω' at 1 is not in the model's vocabulary at 1:1"
    );
    assert!(
        eval("logits([0.5])")
            .unwrap_err()
            .contains("a token id must be a whole number")
    );
    let long = "a".repeat(65);
    assert!(
        eval(&format!("logits(\"{long}\")"))
            .unwrap_err()
            .contains("reads 1 to 64 characters")
    );
    assert!(
        eval("logits([[1, 2], [0, 64]])")
            .unwrap_err()
            .contains("a position (or -1)")
    );
}

#[test]
fn attention_weights_are_causal_rows_of_a_softmax() {
    let Value::Matrix(w) = eval("attn_weights(\"the query\", 1, 2)").unwrap() else {
        panic!("a matrix")
    };
    for i in 0..w.rows() {
        assert!((w.row(i).iter().sum::<f64>() - 1.0).abs() < 1e-6);
        assert!(
            w.row(i)[i + 1..].iter().all(|&x| x == 0.0),
            "row {i} sees the future"
        );
    }
    let s = eval("attn_scores(\"the query\", 1, 2)").unwrap();
    assert_eq!(
        eval("softmax(attn_scores(\"the query\", 1, 2))")
            .unwrap()
            .shape(),
        s.shape()
    );
    let diff = eval(
        "max(abs(softmax(attn_scores(\"the query\", 1, 2)) - attn_weights(\"the query\", 1, 2)))",
    );
    assert!(diff.unwrap().as_scalar().unwrap() < 1e-6);
    assert_eq!(
        eval("attn_weights(\"ab\", 2, 0)").unwrap_err(),
        "attn_weights: layer must be from 0 to 1, got 2 at 1:1"
    );
    assert!(
        eval("attn_weights(\"ab\", 0, 4)")
            .unwrap_err()
            .contains("head must be from 0 to 3")
    );
}

#[test]
fn a_parameter_at_initialisation_is_the_one_the_init_run_uses() {
    // The "init 1" run's first stream row is its own token row plus position row 0.
    let row = eval(
        "let t = tokens(\"k\")[0]; norm(resid(\"k\", 0, \"init 1\")[0] - param(\"tok_emb\", \"init 1\")[t] - param(\"pos_emb\", \"init 1\")[0])",
    )
    .unwrap();
    assert!(row.as_scalar().unwrap() < 1e-6, "{row:?}");
    let moved = eval("norm(param(\"l0.h1.W_Q\") - param(\"l0.h1.W_Q\", \"init 1\"))").unwrap();
    assert!(moved.as_scalar().unwrap() > 0.1, "{moved:?}");
    let refused = eval("param(\"l0.h1.W_Q\", \"zero l0.h1\")").unwrap_err();
    assert!(
        refused.contains("param takes only \"init SEED\" after the name"),
        "{refused}"
    );
}

#[test]
fn per_head_parameters_are_slices_of_the_stored_ones() {
    assert_eq!(
        eval("shape(param(\"l0.h1.W_Q\"))").unwrap(),
        Value::Vector(vec![64.0, 16.0])
    );
    let q = eval("param(\"l0.h1.W_Q\")[3, 5] - param(\"l0.attn.W_Q\")[3, 21]").unwrap();
    assert_eq!(q.as_scalar(), Some(0.0));
    let o = eval("param(\"l1.h3.W_O\")[2, 7] - param(\"l1.attn.W_O\")[50, 7]").unwrap();
    assert_eq!(o.as_scalar(), Some(0.0));
    assert_eq!(
        eval("shape(param(\"l1.ffn.b1\"))").unwrap(),
        Value::Vector(vec![256.0])
    );
    assert!(
        eval("param(\"l2.attn.W_Q\")")
            .unwrap_err()
            .contains("no parameter \"l2.attn.W_Q\"")
    );
    assert!(
        eval("param(3)")
            .unwrap_err()
            .contains("the name must be a string")
    );
}

#[test]
fn the_stream_adds_up_and_top_next_is_sorted() {
    let gap = eval(
        "let s = tokens(\"the key\"); max(abs(resid(s, 0) + attn_out(s, 0) + mlp_out(s, 0) - resid(s, 1)))",
    );
    assert!(gap.unwrap().as_scalar().unwrap() < 1e-5);
    let Value::Matrix(top) = eval("top_next(\"the k\", 3)").unwrap() else {
        panic!("a matrix")
    };
    assert!(top.get(0, 1) >= top.get(1, 1) && top.get(1, 1) >= top.get(2, 1));
    assert!(
        eval("loss(\"a\")")
            .unwrap_err()
            .contains("at least 2 characters")
    );
}

#[test]
fn help_lists_every_function_and_parameter() {
    assert!(super::text_call("1 + 1", &mut Env::new()).is_none());
    let help = super::text_call(" help( model ) ", &mut Env::new())
        .unwrap()
        .unwrap();
    for f in super::MODEL_FUNCTIONS {
        assert!(help.contains(f.builtin.usage), "{}", f.builtin.name);
    }
    // Every statistic's name, from the tables the functions read them from.
    let stats = super::stats::HEAD_STATS
        .iter()
        .chain(&super::stats::STREAM_STATS)
        .chain(&super::stats::REPEAT_STATS);
    for (name, what) in stats {
        assert!(help.contains(&format!("  {name:<12} {what}\n")), "{name}");
    }
    assert!(help.contains("l1.h3.W_O      16 x 64"));
    assert!(help.contains("l0.ln1.g       (64)"));
}

/// The largest difference between two values of one shape.
fn gap(a: &str, b: &str) -> f64 {
    let (a, b) = (eval(a).unwrap(), eval(b).unwrap());
    assert_eq!(a.shape(), b.shape(), "{a:?} vs {b:?}");
    a.elements()
        .iter()
        .zip(b.elements())
        .filter(|(x, y)| x.is_finite() || y.is_finite())
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

const T: &str = "\"the key of the query\"";

#[test]
fn a_zeroed_head_writes_nothing_and_an_edit_at_t_leaves_earlier_rows_alone() {
    assert_eq!(
        eval(&format!("max(abs(head_out({T}, 0, 3, \"zero l0.h3\")))")).unwrap(),
        Value::Scalar(0.0)
    );
    // The attention output is then the other heads' outputs through their rows of W_O.
    let others = format!(
        "head_out({T}, 0, 0) @ param(\"l0.h0.W_O\") + head_out({T}, 0, 1) @ param(\"l0.h1.W_O\") + head_out({T}, 0, 2) @ param(\"l0.h2.W_O\")"
    );
    assert!(gap(&format!("attn_out({T}, 0, \"zero l0.h3\")"), &others) < 1e-5);
    // Causal: zeroing neuron 226 of layer 1 at character 7 changes rows 7 on, not 0 to 6.
    let diff = format!("abs(logits({T}, \"zero l1.n226@7\") - logits({T}))");
    let Value::Matrix(d) = eval(&diff).unwrap() else {
        panic!("a matrix")
    };
    assert!((0..7).all(|t| d.row(t).iter().all(|&x| x == 0.0)));
    assert!(d.row(7).iter().any(|&x| x > 1e-3));
    assert_eq!(
        eval(&format!("mlp_hidden({T}, 1, \"zero l1.n226@7\")[7, 226]")).unwrap(),
        Value::Scalar(0.0)
    );
}

#[test]
fn a_patch_from_the_text_itself_changes_nothing_and_of_the_whole_stream_gives_the_source() {
    let same = format!("logits({T}, \"patch l0.h1; patch l1.n3 from the key of the query\")");
    assert_eq!(gap(&same, &format!("logits({T})")), 0.0);
    // Patching the whole stream entering layer 0 runs the source instead.
    let patched = format!("logits({T}, \"patch l0.resid from a cat sat on the mat\")");
    assert_eq!(gap(&patched, "logits(\"a cat sat on the mat\")"), 0.0);
    assert!(
        eval(&format!("logits({T}, \"patch l0.h1 from short\")"))
            .unwrap_err()
            .contains("as long as the text")
    );
}

#[test]
fn symmetric_and_antisymmetric_scores_add_up_to_the_scores() {
    let sum = format!(
        "attn_scores({T}, 0, 2, \"sym l0.h2\") + attn_scores({T}, 0, 2, \"antisym l0.h2\")"
    );
    assert!(gap(&sum, &format!("attn_scores({T}, 0, 2)")) < 1e-4);
    // Symmetric means the score of i on j equals that of j on i (below the diagonal
    // compared with above it, which the mask hides: use the full symmetric part).
    let s = eval(&format!("attn_scores({T}, 0, 2, \"sym l0.h2\")")).unwrap();
    assert!(s.elements().iter().all(|x| !x.is_nan()));
}

#[test]
fn logit_attributions_add_up_to_the_logit_and_score_parts_to_the_scores() {
    let t = "\"the key\"";
    let Value::Matrix(a) = eval(&format!("logit_attrs({t})")).unwrap() else {
        panic!()
    };
    let Value::Matrix(l) = eval(&format!("logits({t})")).unwrap() else {
        panic!()
    };
    let next = eval("tokens(\"he key\")").unwrap();
    for (row, &v) in next.elements().iter().enumerate() {
        let v = v as usize;
        let sum: f64 = a.row(row).iter().sum();
        assert!(
            (sum - l.get(row, v)).abs() < 1e-4,
            "row {row}: {sum} vs {}",
            l.get(row, v)
        );
    }
    assert_eq!(a.cols(), 13);
    let parts = format!(
        "score_part({t}, 1, 2, \"tok\") + score_part({t}, 1, 2, \"pos\") + score_part({t}, 1, 2, \"rest\")"
    );
    assert!(gap(&parts, &format!("attn_scores({t}, 1, 2)")) < 1e-4);
}

/// Figures computed independently: the held-out loss by JAX when the model was trained
/// (`lessons/model/README.md`), the rest by a NumPy forward pass and NumPy counts
/// written from the README alone.
#[test]
fn held_out_statistics_match_the_independent_figures() {
    let near = |src: &str, want: f64, tol: f64| {
        let got = eval(src).unwrap().as_scalar().unwrap();
        assert!((got - want).abs() < tol, "{src}: {got} vs {want}");
    };
    near("heldout_loss()", 1.7497, 5e-5);
    near("head_stat(\"prev\")[0, 3]", 0.373_473, 1e-5);
    near("head_stat(\"entropy\")[1, 1]", 2.293_288, 1e-5);
    near("head_stat(\"first_top\")[1, 3]", 0.397_862, 1e-5);
    near("ngram_loss(2)", 2.742_986_187, 1e-8);
    near("ngram_loss(1)", 3.629_372_721, 1e-8);
    assert_eq!(
        eval("chars(heldout(0, 5))").unwrap_err(),
        "chars: chars(ids) shows characters and has no value: write it alone, as in chars(heldout(0, 20)) at 1:1"
    );
    let shown = super::text_call("chars(heldout(0, 10))", &mut Env::new())
        .unwrap()
        .unwrap();
    assert_eq!(shown, "\"ses and $d\"");
    // Indices pick ids: the NumPy pass finds neuron 226 of layer 1 firing hardest at
    // held-out characters 2039 and 1499, both an "o".
    assert_eq!(
        eval("heldout([3, 0, 4])").unwrap(),
        eval("let t = heldout(0, 5); [t[3], t[0], t[4]]").unwrap()
    );
    assert_eq!(
        eval("top_contexts(1, 226, 2).T[0]").unwrap(),
        Value::Vector(vec![2039.0, 1499.0])
    );
    assert_eq!(
        eval("heldout(top_contexts(1, 226, 2).T[0]) - tokens(\"oo\")").unwrap(),
        Value::Vector(vec![0.0, 0.0])
    );
    assert!(
        eval("heldout([0, 1], 2)")
            .unwrap_err()
            .contains("takes no n")
    );
    assert!(
        eval("heldout([99999])")
            .unwrap_err()
            .contains("an index must be a whole number from 0 to")
    );
    let newline = super::text_call("chars(tokens(\"a\\nb\"))", &mut Env::new())
        .unwrap()
        .unwrap();
    assert_eq!(newline, "\"a\\nb\"");
}

#[test]
fn several_texts_fit_one_evaluation_and_new_sweeps_are_bounded() {
    use crate::eval::{Budget, MAX_SWEEPS, run_within};
    assert!(
        eval("loss(\"the key\") + loss(\"the query\") + loss(\"of the key\") + loss(\"and the\")")
            .is_ok()
    );
    // With every new sweep of an evaluation spent, a new one is refused before it
    // runs, and a kept one (the plain sweep, computed first) is still free.
    assert!(eval("heldout_loss()").is_ok());
    let mut budget = Budget::default();
    for _ in 0..MAX_SWEEPS {
        budget.sweep().unwrap();
    }
    let mut env = Env::new();
    let err = run_within("heldout_loss(\"zero l1.n99\")", &mut env, &mut budget).unwrap_err();
    assert!(
        err.to_string()
            .contains("at most 4 new passes over the held-out text"),
        "{err}"
    );
    assert!(
        run_within(
            "heldout_loss() + head_stat(\"prev\")[0, 3]",
            &mut env,
            &mut budget
        )
        .is_ok()
    );
}
