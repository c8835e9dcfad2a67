//! The import graph at one level of the module tree, and its loops.

use std::collections::{BTreeMap, BTreeSet};

use super::source::Crate;

/// The import graph at one level: `unit` maps a module to the node it belongs to (or
/// `None` to leave it out); edges inside one node are dropped.
pub fn graph(
    c: &Crate,
    unit: impl Fn(&[String]) -> Option<String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in &c.imports {
        let Some(a) = unit(from) else { continue };
        for to in tos {
            if let Some(b) = unit(to)
                && a != b
            {
                g.entry(a.clone()).or_default().insert(b);
            }
        }
    }
    g
}

/// The cycles of a graph, one per strongly connected component of more than one node,
/// each written as `a → b → … → a`.
pub fn cycles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for m in g.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let mut out = Vec::new();
    let mut done = BTreeSet::new();
    for a in g.keys() {
        if done.contains(a) {
            continue;
        }
        let from_a = reach(a);
        if !from_a.contains(a) {
            continue;
        }
        let component: BTreeSet<String> = from_a
            .iter()
            .filter(|b| reach(b).contains(a))
            .cloned()
            .collect();
        // Show one concrete loop: a shortest path a → … → a inside the component.
        let mut prev: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([a.clone()]);
        'search: while let Some(n) = queue.pop_front() {
            for m in g
                .get(&n)
                .into_iter()
                .flatten()
                .filter(|m| component.contains(*m))
            {
                if m == a {
                    prev.insert("<end>".into(), n.clone());
                    break 'search;
                }
                if !prev.contains_key(m) {
                    prev.insert(m.clone(), n.clone());
                    queue.push_back(m.clone());
                }
            }
        }
        let mut chain = Vec::new();
        let mut n = prev["<end>"].clone();
        while &n != a {
            chain.push(n.clone());
            n = prev[&n].clone();
        }
        chain.reverse();
        let walk: Vec<String> = std::iter::once(a.clone())
            .chain(chain)
            .chain(std::iter::once(a.clone()))
            .collect();
        out.push(format!(
            "{} (component: {})",
            walk.join(" → "),
            component.into_iter().collect::<Vec<_>>().join(", ")
        ));
        done.extend(reach(a).into_iter().filter(|b| reach(b).contains(a)));
    }
    out
}
