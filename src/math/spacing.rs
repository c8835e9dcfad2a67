//! TeX's inter-atom spacing (The TeXbook, chapter 18, rule 20 and the table on p. 170),
//! rounded to terminal cells: a thin, medium or thick space is one cell, and the ones
//! TeX drops in script style are dropped here too (so `\sum_{i=1}` stays `i=1`).

use super::ast::{Class, Node};

/// The kind of character at the edge of an item: a 7-bit symbol name such as `alpha`
/// needs a space before a neighbouring letter (`m theta`, not `mtheta`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    Word,
    Alnum,
    Other,
}

/// What the spacing pass needs to know about one item: its classes (left, right), or
/// `None` for explicit space, which TeX's rule looks through; and its edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    pub classes: Option<(Class, Class)>,
    pub edges: (Edge, Edge),
    pub drawn: bool,
}

impl Spec {
    /// `flat`: the node is drawn on one row, so a fraction (written `a/b`) spaces
    /// like a letter and brackets like ordinary brackets.
    pub fn of(node: &Node, flat: bool) -> Spec {
        Spec {
            classes: match node {
                Node::Space(_) => None,
                Node::Frac { bar: true, .. } if flat => Some((Class::Ord, Class::Ord)),
                n => match n.classes() {
                    (Class::Open, Class::Inner) if flat => Some((Class::Open, Class::Close)),
                    c => Some(c),
                },
            },
            edges: edges(node),
            drawn: node.is_drawn_operator(),
        }
    }
}

fn edges(node: &Node) -> (Edge, Edge) {
    fn of_char(c: Option<char>) -> Edge {
        match c {
            Some(c) if c.is_alphanumeric() => Edge::Alnum,
            _ => Edge::Other,
        }
    }
    match node {
        Node::Atom { word: true, .. } => (Edge::Word, Edge::Word),
        Node::Atom { .. } | Node::Text(_) => {
            let text = node.text().unwrap_or_default();
            (of_char(text.chars().next()), of_char(text.chars().last()))
        }
        Node::Group(items) => match (items.first(), items.last()) {
            (Some(a), Some(b)) => (edges(a).0, edges(b).1),
            _ => (Edge::Other, Edge::Other),
        },
        Node::Classed { body, .. } => edges(body),
        Node::Scripts { base, .. } => (edges(base).0, Edge::Other),
        Node::BigOp { body, .. } => edges(body),
        _ => (Edge::Other, Edge::Other),
    }
}

/// TeX's table: 0 none, 1 thin, 2 medium, 3 thick; negative entries are dropped in
/// script style.
const TABLE: [[i8; 8]; 8] = [
    // Ord Op  Bin Rel Open Close Punct Inner
    [0, 1, -2, -3, 0, 0, 0, -1],     // Ord
    [1, 1, 0, -3, 0, 0, 0, -1],      // Op
    [-2, -2, 0, 0, -2, 0, 0, -2],    // Bin
    [-3, -3, 0, 0, -3, 0, 0, -3],    // Rel
    [0, 0, 0, 0, 0, 0, 0, 0],        // Open
    [0, 1, -2, -3, 0, 0, 0, -1],     // Close
    [-1, -1, 0, -1, -1, -1, -1, -1], // Punct
    [-1, 1, -2, -3, -1, 0, 0, -1],   // Inner (no space before punctuation)
];

fn index(c: Class) -> usize {
    match c {
        Class::Ord => 0,
        Class::Op => 1,
        Class::Bin => 2,
        Class::Rel => 3,
        Class::Open => 4,
        Class::Close => 5,
        Class::Punct => 6,
        Class::Inner => 7,
    }
}

/// Cells between two atoms.
pub fn between(left: Class, right: Class, script: bool) -> usize {
    let v = TABLE[index(left)][index(right)];
    usize::from(v > 0 || (v < 0 && !script))
}

/// The spacing of one list: the cells before each item and the classes after TeX's
/// binary-to-ordinary rule (a `-` that starts a list or follows an operator, relation,
/// opening or punctuation is a sign, not a binary operator). `lead` is the class of an
/// invisible atom before the list (`aligned` puts an empty atom before `&=`).
pub fn space(
    specs: &[Spec],
    script: bool,
    lead: Option<Class>,
) -> (Vec<usize>, Vec<Option<Class>>) {
    let mut classes: Vec<Option<(Class, Class)>> = specs.iter().map(|s| s.classes).collect();
    let mut sign = vec![false; specs.len()];
    let mut prev = lead;
    let mut prev_index: Option<usize> = None;
    for i in 0..classes.len() {
        let Some((l, _)) = classes[i] else { continue };
        if l == Class::Bin {
            let unary = matches!(
                prev,
                None | Some(Class::Bin | Class::Op | Class::Rel | Class::Open | Class::Punct)
            );
            if unary {
                classes[i] = Some((Class::Ord, Class::Ord));
                sign[i] = true;
            }
        }
        if let (Some(Class::Rel | Class::Close | Class::Punct), Some(p)) =
            (classes[i].map(|c| c.0), prev_index)
            && classes[p].map(|c| c.1) == Some(Class::Bin)
        {
            classes[p] = Some((Class::Ord, Class::Ord));
        }
        prev = classes[i].map(|c| c.1);
        prev_index = Some(i);
    }
    if let Some(p) = prev_index
        && classes[p].map(|c| c.1) == Some(Class::Bin)
    {
        classes[p] = Some((Class::Ord, Class::Ord));
    }

    let mut gaps = vec![0; specs.len()];
    // A sign binds to what follows (`−sin x`): no thin space after it.
    let mut prev: Option<(Class, Edge)> = lead.map(|c| (c, Edge::Other));
    let mut after_sign = false;
    for (i, spec) in specs.iter().enumerate() {
        let Some((l, r)) = classes[i] else {
            continue;
        };
        if let Some((pc, pe)) = prev {
            let mut g = between(pc, l, script);
            let word = |a: Edge, b: Edge| a == Edge::Word && b != Edge::Other;
            let adjacent = i > 0 && specs[i - 1].classes.is_some();
            if g == 0 && adjacent && (word(pe, spec.edges.0) || word(spec.edges.0, pe)) {
                g = 1;
            }
            if g == 0 && !script && i > 0 && specs[i - 1].drawn {
                g = 1;
            }
            gaps[i] = if after_sign { 0 } else { g };
        }
        after_sign = sign[i];
        prev = Some((r, spec.edges.1));
    }
    (gaps, classes.into_iter().map(|c| c.map(|c| c.0)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(c: Class) -> Spec {
        Spec {
            classes: Some((c, c)),
            edges: (Edge::Other, Edge::Other),
            drawn: false,
        }
    }

    #[test]
    fn relations_and_binary_operators_get_a_cell_each_side() {
        use Class::*;
        let (gaps, _) = space(
            &[spec(Ord), spec(Rel), spec(Ord), spec(Bin), spec(Ord)],
            false,
            None,
        );
        assert_eq!(gaps, vec![0, 1, 1, 1, 1]);
    }

    #[test]
    fn scripts_drop_the_medium_and_thick_spaces() {
        use Class::*;
        let (gaps, _) = space(&[spec(Ord), spec(Rel), spec(Ord)], true, None);
        assert_eq!(gaps, vec![0, 0, 0]);
    }

    #[test]
    fn a_leading_minus_is_a_sign() {
        use Class::*;
        let (gaps, classes) = space(&[spec(Bin), spec(Op), spec(Ord)], false, None);
        assert_eq!(classes[0], Some(Ord));
        assert_eq!(gaps, vec![0, 0, 1], "a sign binds to the operator after it");
        let (_, classes) = space(&[spec(Ord), spec(Rel), spec(Bin), spec(Ord)], false, None);
        assert_eq!(classes[2], Some(Ord));
        let (_, classes) = space(&[spec(Ord), spec(Bin), spec(Close)], false, None);
        assert_eq!(classes[1], Some(Ord));
    }

    #[test]
    fn operator_names_take_a_thin_space_before_an_argument_but_not_a_parenthesis() {
        use Class::*;
        assert_eq!(between(Op, Ord, false), 1);
        assert_eq!(between(Op, Open, false), 0);
        assert_eq!(between(Punct, Ord, false), 1);
        assert_eq!(between(Punct, Ord, true), 0);
    }
}
