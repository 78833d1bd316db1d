//! Two listings compared kernel by kernel: instructions, registers, spills and the opcodes
//! that changed (the before/after check of a change to a kernel or its target).

use serde::Serialize;
use speclint_base::sass::{SassFunction, SassListing};
use std::collections::BTreeMap;

/// One figure before and after (`None` where that side has no such function or figure).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    pub before: Option<u64>,
    pub after: Option<u64>,
}

impl Change {
    fn of(before: Option<u64>, after: Option<u64>) -> Change {
        Change { before, after }
    }

    /// After minus before, where both are known.
    pub fn delta(&self) -> Option<i64> {
        Some(self.after? as i64 - self.before? as i64)
    }

    /// `10 → 12 (+2)`, `10`, `- → 4`.
    pub fn text(&self) -> String {
        let side = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
        match (self.before, self.after, self.delta()) {
            (Some(a), Some(b), _) if a == b => a.to_string(),
            (_, _, Some(delta)) => {
                format!("{} → {} ({delta:+})", side(self.before), side(self.after))
            }
            _ => format!("{} → {}", side(self.before), side(self.after)),
        }
    }
}

/// How one function changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FunctionDelta {
    pub name: String,
    pub instructions: Change,
    pub registers: Change,
    pub spill_stores: Change,
    pub spill_loads: Change,
    /// Each opcode whose count changed: after minus before.
    pub opcodes: BTreeMap<String, i64>,
}

/// The functions of both listings, in the order of `before` and then those only `after` has;
/// the compiler's own functions are left out.
pub fn diff(before: &SassListing, after: &SassListing) -> Vec<FunctionDelta> {
    let source = |listing: &SassListing| -> Vec<SassFunction> {
        (listing.functions.iter())
            .filter(|f| !f.from_compiler)
            .cloned()
            .collect()
    };
    let (before, after) = (source(before), source(after));
    let mut names: Vec<&str> = before.iter().map(|f| f.name.as_str()).collect();
    for function in &after {
        if !names.contains(&function.name.as_str()) {
            names.push(&function.name);
        }
    }
    names
        .into_iter()
        .map(|name| {
            let a = before.iter().find(|f| f.name == name);
            let b = after.iter().find(|f| f.name == name);
            let count = |f: Option<&SassFunction>| f.map(|f| f.code().count() as u64);
            let registers = |f: Option<&SassFunction>| f.and_then(|f| f.registers).map(u64::from);
            let stores = |f: Option<&SassFunction>| f.and_then(|f| f.spills).map(|s| s.stores);
            let loads = |f: Option<&SassFunction>| f.and_then(|f| f.spills).map(|s| s.loads);
            let mut opcodes: BTreeMap<String, i64> = BTreeMap::new();
            for (function, sign) in [(a, -1), (b, 1)] {
                for (opcode, n) in function.map(SassFunction::histogram).unwrap_or_default() {
                    *opcodes.entry(opcode.to_string()).or_insert(0) += sign * n as i64;
                }
            }
            opcodes.retain(|_, delta| *delta != 0);
            FunctionDelta {
                name: name.to_string(),
                instructions: Change::of(count(a), count(b)),
                registers: Change::of(registers(a), registers(b)),
                spill_stores: Change::of(stores(a), stores(b)),
                spill_loads: Change::of(loads(a), loads(b)),
                opcodes,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_base::sass::{SassInstruction, Spills};

    fn function(name: &str, opcodes: &[&str], registers: u32, spilled: u64) -> SassFunction {
        SassFunction {
            name: name.into(),
            entry: true,
            from_compiler: false,
            registers: Some(registers),
            spills: Some(Spills {
                stores: spilled,
                loads: spilled,
            }),
            instructions: (opcodes.iter().enumerate())
                .map(|(i, opcode)| SassInstruction {
                    address: 16 * i as u64,
                    predicate: None,
                    opcode: opcode.to_string(),
                    operands: String::new(),
                    source: None,
                    origin: None,
                    control: None,
                    padding: *opcode == "NOP",
                })
                .collect(),
        }
    }

    fn listing(functions: Vec<SassFunction>) -> SassListing {
        SassListing {
            target: "sm_80".into(),
            tools: String::new(),
            functions,
        }
    }

    #[test]
    fn each_kernel_gets_its_deltas_and_the_opcodes_that_changed() {
        let before = listing(vec![
            function("k", &["LDG.E", "FMUL", "STG.E", "EXIT", "NOP"], 10, 0),
            function("gone", &["EXIT"], 8, 0),
        ]);
        let after = listing(vec![
            function("new", &["EXIT"], 8, 0),
            function("k", &["LDG.E", "FADD", "FADD", "STG.E", "EXIT"], 12, 8),
        ]);
        let deltas = diff(&before, &after);
        let names: Vec<&str> = deltas.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["k", "gone", "new"]);
        let k = &deltas[0];
        assert_eq!(k.instructions.text(), "4 → 5 (+1)");
        assert_eq!(k.registers.delta(), Some(2));
        assert_eq!(k.spill_stores.text(), "0 → 8 (+8)");
        assert_eq!(
            k.opcodes,
            BTreeMap::from([("FADD".to_string(), 2), ("FMUL".to_string(), -1)])
        );
        assert_eq!(deltas[1].instructions.text(), "1 → -");
        assert_eq!(deltas[2].registers.text(), "- → 8");
    }
}
