//! SPV023 `opencl-recursion`: the static call graph has no cycle, found by its strongly
//! connected components (Tarjan, iterative: modules have thousands of functions).

use crate::environment::context::{id_name, report, Context};
use crate::module::IdIndex;
use rustc_hash::FxHashMap;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    OPENCL_RECURSION = "SPV023" "opencl-recursion" Error fix=false {
        summary: "A function calls itself, directly or through other functions",
        explanation: "OpenCL does not support recursion: the static call graph of a module must have no cycles.",
        example: "%f = OpFunction %void None %fn\n…\n%r = OpFunctionCall %void %f   ; SPV023",
    }
}

/// Every call that closes a cycle of the call graph.
pub(crate) fn check_recursion(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    let functions = &cx.facts.functions;
    let n = functions.len();
    if n == 0 {
        return;
    }
    let callee_index = |callee: IdIndex| cx.facts.function_index.get(&callee).copied();
    const UNVISITED: u32 = u32::MAX;
    let mut order = vec![UNVISITED; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![UNVISITED; n];
    let mut stack: Vec<usize> = Vec::new();
    // (function, next call to look at)
    let mut work: Vec<(usize, usize)> = Vec::new();
    let mut counter = 0u32;
    let mut components = 0u32;
    for root in 0..n {
        if order[root] != UNVISITED {
            continue;
        }
        work.push((root, 0));
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (f, ref mut next)) = work.last_mut() {
            if let Some(&(callee, _)) = functions[f].calls.get(*next) {
                *next += 1;
                let Some(g) = callee_index(callee) else {
                    continue;
                };
                if order[g] == UNVISITED {
                    order[g] = counter;
                    low[g] = counter;
                    counter += 1;
                    stack.push(g);
                    on_stack[g] = true;
                    work.push((g, 0));
                } else if on_stack[g] {
                    low[f] = low[f].min(order[g]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[f]);
            }
            if low[f] == order[f] {
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component[member] = components;
                    if member == f {
                        break;
                    }
                }
                components += 1;
            }
        }
    }
    // Component sizes tell cycles (size > 1) from single functions (cyclic only if self-calling).
    let mut sizes = vec![0u32; components as usize];
    for &c in &component {
        sizes[c as usize] += 1;
    }
    let mut explained = 0;
    for (f, function) in functions.iter().enumerate() {
        for &(callee, call) in &function.calls {
            let Some(g) = callee_index(callee) else {
                continue;
            };
            if component[g] != component[f] {
                continue;
            }
            let range = cx.module.instructions[call as usize].range;
            let message = if g == f {
                format!("{} calls itself", id_name(cx, function.id))
            } else if explained < 64 {
                // Name one cycle through this call; bounded so huge components stay linear.
                explained += 1;
                let path = cycle_path(cx, &component, g, f);
                format!(
                    "this call closes a call cycle: {}",
                    std::iter::once(&f)
                        .chain(path.iter())
                        .map(|&i| id_name(cx, functions[i].id))
                        .collect::<Vec<_>>()
                        .join(" -> ")
                )
            } else {
                format!(
                    "{} and {} are in a call cycle of {} functions",
                    id_name(cx, function.id),
                    id_name(cx, callee),
                    sizes[component[f] as usize]
                )
            };
            report(
                diagnostics,
                &OPENCL_RECURSION,
                range,
                "no-recursion",
                format!("recursion: {message}; OpenCL does not support recursion"),
            );
        }
    }
}

/// A call path `from` -> ... -> `to` inside one strongly connected component (breadth-first,
/// so the shortest).
fn cycle_path(cx: &Context, component: &[u32], from: usize, to: usize) -> Vec<usize> {
    let functions = &cx.facts.functions;
    let mut previous: FxHashMap<usize, usize> = FxHashMap::default();
    let mut queue = std::collections::VecDeque::from([from]);
    previous.insert(from, from);
    while let Some(f) = queue.pop_front() {
        if f == to {
            break;
        }
        for &(callee, _) in &functions[f].calls {
            if let Some(&g) = cx.facts.function_index.get(&callee) {
                if component[g] == component[from] && !previous.contains_key(&g) {
                    previous.insert(g, f);
                    queue.push_back(g);
                }
            }
        }
    }
    let mut path = vec![to];
    let mut current = to;
    while current != from {
        match previous.get(&current) {
            Some(&p) => {
                path.push(p);
                current = p;
            }
            None => break,
        }
    }
    // Walked back from `to`: reverse to read `from` -> ... -> `to`.
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    /// A chain of `n` functions, each calling the next; the last calls `back_to` if given.
    fn call_chain(n: usize, back_to: Option<usize>) -> String {
        let mut text = module(&format!("OpEntryPoint Kernel %f0 \"k\"\n{KERNEL_TYPES}"));
        for i in 0..n {
            text += &format!("%f{i} = OpFunction %void None %fn\n%l{i} = OpLabel\n");
            let callee = if i + 1 < n { Some(i + 1) } else { back_to };
            if let Some(c) = callee {
                text += &format!("%c{i} = OpFunctionCall %void %f{c}\n");
            }
            text += "OpReturn\nOpFunctionEnd\n";
        }
        text
    }

    #[test]
    fn recursion_is_reported_on_every_call_of_the_cycle_and_names_it() {
        assert_eq!(findings(&call_chain(4, None), OpenClVersion::V3_0), vec![]);
        let text = call_chain(3, Some(1));
        let analysis = analyze(&text, &settings(OpenClVersion::V3_0));
        let recursion: Vec<_> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.rule.code == "SPV023")
            .collect();
        let calls: Vec<_> = recursion
            .iter()
            .map(|d| &text[d.range.start..d.range.end])
            .collect();
        assert_eq!(
            calls,
            vec![
                "%c1 = OpFunctionCall %void %f2",
                "%c2 = OpFunctionCall %void %f1"
            ]
        );
        assert!(
            recursion[1].message.contains("%f2 -> %f1 -> %f2"),
            "{}",
            recursion[1].message
        );
        let itself = call_chain(1, Some(0));
        assert_eq!(
            findings(&itself, OpenClVersion::V3_0),
            vec![("SPV023", "%c0 = OpFunctionCall %void %f0".into())]
        );
    }

    #[test]
    fn a_long_call_chain_and_a_big_cycle_stay_fast() {
        // 5000 functions deep: a recursive walk would overflow the stack.
        let start = std::time::Instant::now();
        assert_eq!(
            findings(&call_chain(5000, None), OpenClVersion::V3_0),
            vec![]
        );
        let cycle = findings(&call_chain(5000, Some(0)), OpenClVersion::V3_0);
        assert_eq!(cycle.len(), 5000);
        assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    }
}
