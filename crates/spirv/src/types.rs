//! Type rules (SPV013) and storage-class rules (SPV014) of core instructions and of every
//! OpenCL.std function. Core rules come from `speclint_spec_db::spirv::core_types` (data, one
//! entry per instruction with its SPIR-V section) plus the hand-written checks that data names
//! (index walks, signatures, storage classes); OpenCL.std rules from
//! `speclint_spec_db::spirv::opencl_std`. One pass over the instructions, hash lookups only;
//! messages are built only when a rule fails.
//!
//! Left to other rules so nothing is reported twice: the width of Scope and Memory Semantics
//! operands (SPV024, SPV025), the value type and storage class of atomics (SPV026), `printf`
//! (SPV030) and kernel signatures (SPV021).

use super::facts::{describe, storage_class_name, Facts, Type};
use super::module::{IdIndex, Instruction, Module, Operand, Value};
use super::rules;
use super::rules::spirv_operand_kind::ConstantLiteral;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::core_types::{self, Base, Check, Ref, Rule, Shape};
use speclint_spec_db::spirv::grammar::Quantifier;
use speclint_spec_db::spirv::opencl_std::{self as ocl, Elem, TypeRule};

/// Grammar operands an instruction may have that the checker maps (more are not checked).
const MAX_SLOTS: usize = 16;
const NONE: u16 = u16::MAX;

pub fn check(text: &str, module: &Module, facts: &Facts, diagnostics: &mut Vec<Diagnostic>) {
    check_range(
        text,
        module,
        facts,
        0..module.instructions.len(),
        diagnostics,
    );
}

/// The instructions in `range`: all, or whole functions (the walk's state starts again at
/// each OpFunction).
pub fn check_range(
    text: &str,
    module: &Module,
    facts: &Facts,
    range: std::ops::Range<usize>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut checker = Checker {
        text,
        module,
        facts,
        diagnostics,
        function: None,
        parameter: 0,
        reported: false,
    };
    for inst in &module.instructions[range] {
        checker.reported = false;
        checker.instruction(inst);
        if module.is_complete(inst) {
            super::references::check_instruction(text, module, facts, inst, checker.diagnostics);
        }
    }
}

/// The function being walked: its result type and function type id.
#[derive(Clone, Copy)]
struct CurrentFunction {
    result: IdIndex,
    function_type: Option<IdIndex>,
}

struct Checker<'a> {
    text: &'a str,
    module: &'a Module,
    facts: &'a Facts,
    diagnostics: &'a mut Vec<Diagnostic>,
    function: Option<CurrentFunction>,
    parameter: usize,
    /// One SPV013 per instruction: later ones are usually the first one's echo.
    reported: bool,
}

/// What a rule constrains: the result type or an operand.
#[derive(Clone, Copy)]
enum Subject {
    Result,
    Operand(usize),
}

/// Grammar operand index -> first bound operand, and bound operand -> grammar operand.
struct Slots {
    first: [u16; MAX_SLOTS],
    count: usize,
}

impl<'a> Checker<'a> {
    fn instruction(&mut self, inst: &Instruction) {
        let Some(opcode) = inst.opcode else { return };
        if !self.module.is_complete(inst) {
            return;
        }
        match opcode.name {
            "OpFunction" => {
                self.parameter = 0;
                self.function = inst.result_type.map(|result| CurrentFunction {
                    result,
                    function_type: self.id_operand(inst, 1),
                });
            }
            "OpFunctionEnd" => self.function = None,
            _ => {}
        }
        if let Some((set, _)) = inst.extended {
            if set.name == "OpenCL.std" {
                self.opencl_std(inst);
            }
            return;
        }
        let Some(rule) = core_types::instruction_by_opcode(opcode.opcode) else {
            return;
        };
        let ops = self.module.operands(inst);
        let slots = slots(opcode.operands, ops);
        if let (Some(result_rule), Some(ty)) = (rule.result, inst.result_type) {
            // Atomic value types belong to SPV026.
            if opcode.class != "Atomic" {
                self.apply(inst, rule.name, result_rule, Subject::Result, ty, &slots);
            }
        }
        if !rule.operands.is_empty() {
            let grammar_ops = grammar_operands(opcode.operands);
            let mut g = 0usize;
            for (b, op) in ops.iter().enumerate() {
                let Some(index) = next_slot(grammar_ops, &mut g, op) else {
                    continue;
                };
                let Some(&op_rule) = rule.operands.get(index) else {
                    continue;
                };
                let kind = op.kind.get().name;
                // Scope and semantics widths belong to SPV024 / SPV025.
                if op_rule == Rule::Unchecked || kind == "IdScope" || kind == "IdMemorySemantics" {
                    continue;
                }
                let Value::Id(id) = op.value else { continue };
                let Some(ty) = self.value_type(id) else {
                    continue;
                };
                self.apply(inst, rule.name, op_rule, Subject::Operand(b), ty, &slots);
            }
        }
        if let Some(check) = rule.check {
            self.special(check, inst, rule.name, ops);
        }
    }

    // ---- helpers -------------------------------------------------------------------------

    fn ty(&self, id: IdIndex) -> Option<&'a Type> {
        self.facts.types.get(&id)
    }

    fn value_type(&self, value: IdIndex) -> Option<IdIndex> {
        self.facts.value_types.get(&value).copied()
    }

    fn id_operand(&self, inst: &Instruction, index: usize) -> Option<IdIndex> {
        match self.module.operands(inst).get(index)?.value {
            Value::Id(id) => Some(id),
            _ => None,
        }
    }

    /// Types are equal: the same id, or (for non-struct types, which may be declared twice
    /// when they are pointers) the same structure.
    fn same(&self, a: IdIndex, b: IdIndex) -> bool {
        self.same_depth(a, b, 0)
    }

    fn same_depth(&self, a: IdIndex, b: IdIndex, depth: u32) -> bool {
        if a == b {
            return true;
        }
        if depth > 8 {
            return false;
        }
        let (Some(x), Some(y)) = (self.ty(a), self.ty(b)) else {
            return false;
        };
        match (x, y) {
            (Type::Int { .. }, Type::Int { .. })
            | (Type::Float { .. }, Type::Float { .. })
            | (Type::Void, Type::Void)
            | (Type::Bool, Type::Bool)
            | (Type::Sampler, Type::Sampler)
            | (Type::Opaque(_), Type::Opaque(_))
            | (Type::Image(_), Type::Image(_)) => x == y,
            (
                Type::Vector {
                    component: c1,
                    count: n1,
                },
                Type::Vector {
                    component: c2,
                    count: n2,
                },
            ) => n1 == n2 && self.same_depth(*c1, *c2, depth + 1),
            (
                Type::Pointer {
                    storage: s1,
                    pointee: p1,
                },
                Type::Pointer {
                    storage: s2,
                    pointee: p2,
                },
            ) => s1 == s2 && self.same_depth(*p1, *p2, depth + 1),
            (
                Type::Array {
                    element: e1,
                    length: l1,
                },
                Type::Array {
                    element: e2,
                    length: l2,
                },
            ) => {
                self.same_depth(*e1, *e2, depth + 1)
                    && (l1 == l2
                        || self.facts.int_constants.contains_key(l1)
                            && self.facts.int_constants.get(l1) == self.facts.int_constants.get(l2))
            }
            (Type::RuntimeArray { element: e1 }, Type::RuntimeArray { element: e2 }) => {
                self.same_depth(*e1, *e2, depth + 1)
            }
            (Type::SampledImage { image: i1 }, Type::SampledImage { image: i2 }) => {
                self.same_depth(*i1, *i2, depth + 1)
            }
            (
                Type::Function {
                    result: r1,
                    parameters: p1,
                },
                Type::Function {
                    result: r2,
                    parameters: p2,
                },
            ) => {
                self.same_depth(*r1, *r2, depth + 1)
                    && p1.len() == p2.len()
                    && p1
                        .iter()
                        .zip(p2)
                        .all(|(a, b)| self.same_depth(*a, *b, depth + 1))
            }
            _ => false,
        }
    }

    /// Component count (1 for a scalar) and component type of a scalar or vector type.
    fn shape(&self, ty: IdIndex) -> Option<(u32, IdIndex)> {
        match self.ty(ty)? {
            Type::Vector { component, count } => Some((*count, *component)),
            Type::Int { .. } | Type::Float { .. } | Type::Bool => Some((1, ty)),
            _ => None,
        }
    }

    fn width(&self, scalar: IdIndex) -> Option<u32> {
        match self.ty(scalar)? {
            Type::Int { width, .. } | Type::Float { width } => Some(*width),
            _ => None,
        }
    }

    fn describe(&self, ty: IdIndex) -> String {
        describe(self.facts, ty, 0)
    }

    /// Where a finding about the result type goes: the result type's token.
    fn result_type_range(&self, inst: &Instruction) -> TextRange {
        self.module
            .result_type_range(self.text, inst)
            .unwrap_or(inst.opcode_range)
    }

    fn subject_range(&self, inst: &Instruction, subject: Subject) -> TextRange {
        match subject {
            Subject::Result => self.result_type_range(inst),
            Subject::Operand(b) => self.module.operands(inst)[b].range(),
        }
    }

    fn subject_name(&self, inst: &Instruction, subject: Subject) -> String {
        match subject {
            Subject::Result => "the result type".into(),
            Subject::Operand(b) => operand_name(&self.module.operands(inst)[b]),
        }
    }

    /// Records a finding; only the first type mismatch of an instruction is kept.
    fn report(&mut self, diagnostic: Diagnostic) {
        if rules::spirv_type_mismatch::is_mismatch(&diagnostic) {
            if self.reported {
                return;
            }
            self.reported = true;
        }
        self.diagnostics.push(diagnostic);
    }

    fn mismatch(&mut self, range: TextRange, message: String) {
        self.report(rules::spirv_type_mismatch::mismatch(range, message));
    }

    // ---- data rules -----------------------------------------------------------------------

    fn resolve(&self, inst: &Instruction, slots: &Slots, r: Ref) -> Option<IdIndex> {
        match r {
            Ref::Result => inst.result_type,
            Ref::Operand(n) => {
                let b = *slots.first.get(n as usize)?;
                if b == NONE {
                    return None;
                }
                match self.module.operands(inst).get(b as usize)?.value {
                    Value::Id(id) => self.value_type(id),
                    _ => None,
                }
            }
        }
    }

    fn apply(
        &mut self,
        inst: &Instruction,
        name: &str,
        rule: Rule,
        subject: Subject,
        ty: IdIndex,
        slots: &Slots,
    ) {
        if self.reported || self.satisfies(inst, rule, ty, slots) {
            return;
        }
        let range = self.subject_range(inst, subject);
        let message = format!(
            "{} of {name} is {}; expected {} ({})",
            self.subject_name(inst, subject),
            self.describe(ty),
            self.expected(inst, rule, slots),
            core_types::instruction(name).map_or("", |i| i.section)
        );
        self.mismatch(range, message);
    }

    /// Whether `ty` satisfies `rule`; unknown types and references satisfy everything.
    fn satisfies(&self, inst: &Instruction, rule: Rule, ty: IdIndex, slots: &Slots) -> bool {
        let Some(t) = self.ty(ty) else { return true };
        let v = match rule {
            Rule::Unchecked => return true,
            Rule::Same(r) => {
                return self
                    .resolve(inst, slots, r)
                    .is_none_or(|o| self.same(ty, o))
            }
            Rule::Value(v) => v,
        };
        if !v.base.is_numeric() {
            let ok = match (v.base, t) {
                (Base::Pointer, Type::Pointer { .. }) => true,
                (Base::Image, Type::Image(_)) => true,
                (Base::SampledImage, Type::SampledImage { .. }) => true,
                (Base::Sampler, Type::Sampler) => true,
                (Base::Struct, Type::Struct { .. }) => true,
                (Base::Event, Type::Opaque(n)) => *n == "OpTypeEvent",
                (Base::DeviceEvent, Type::Opaque(n)) => *n == "OpTypeDeviceEvent",
                (Base::ReserveId, Type::Opaque(n)) => *n == "OpTypeReserveId",
                (Base::Queue, Type::Opaque(n)) => *n == "OpTypeQueue",
                (Base::Pipe, Type::Opaque(n)) => *n == "OpTypePipe",
                _ => false,
            };
            if !ok {
                return false;
            }
            if let (Some(r), Type::Pointer { pointee, .. }) = (v.pointee, t) {
                return self
                    .resolve(inst, slots, r)
                    .is_none_or(|o| self.same(*pointee, o));
            }
            return true;
        }
        let Some((count, component)) = self.shape(ty) else {
            return false;
        };
        let is_vector = matches!(t, Type::Vector { .. });
        match v.shape {
            Shape::Scalar if is_vector => return false,
            Shape::Vector if !is_vector => return false,
            _ => {}
        }
        let c = self.ty(component);
        let base_ok = matches!(
            (v.base, c),
            (Base::Int, Some(Type::Int { .. }))
                | (Base::Float, Some(Type::Float { .. }))
                | (Base::Bool, Some(Type::Bool))
                | (Base::Number, Some(Type::Int { .. } | Type::Float { .. }))
                | (
                    Base::Scalar,
                    Some(Type::Int { .. } | Type::Float { .. } | Type::Bool)
                )
        );
        if !base_ok {
            return false;
        }
        if v.bits != 0 && self.width(component) != Some(u32::from(v.bits)) {
            return false;
        }
        let other = |r: Option<Ref>| {
            r.and_then(|r| self.resolve(inst, slots, r).and_then(|o| self.shape(o)))
        };
        if let Some((n, _)) = other(v.count) {
            if n != count {
                return false;
            }
        }
        if let Some((_, oc)) = other(v.width) {
            if let (Some(a), Some(b)) = (self.width(component), self.width(oc)) {
                if a != b {
                    return false;
                }
            }
        }
        if let Some((_, oc)) = other(v.component) {
            if !self.same(component, oc) {
                return false;
            }
        }
        true
    }

    /// "an integer scalar or vector with as many components as the result type".
    fn expected(&self, inst: &Instruction, rule: Rule, slots: &Slots) -> String {
        let name_of = |r: Ref| match r {
            Ref::Result => "the result type".to_string(),
            Ref::Operand(n) => {
                let b = slots.first.get(n as usize).copied().unwrap_or(NONE);
                self.module
                    .operands(inst)
                    .get(b as usize)
                    .map_or(format!("operand {n}"), operand_name)
            }
        };
        let with_type = |r: Ref| {
            let ty = self.resolve(inst, slots, r);
            match ty {
                Some(t) => format!("{} ({})", name_of(r), self.describe(t)),
                None => name_of(r),
            }
        };
        let v = match rule {
            Rule::Unchecked => return "anything".into(),
            Rule::Same(Ref::Result) => {
                return format!(
                    "the result type ({})",
                    inst.result_type.map_or("?".into(), |t| self.describe(t))
                )
            }
            Rule::Same(r) => return format!("the type of {}", with_type(r)),
            Rule::Value(v) => v,
        };
        let mut text = match v.base {
            Base::Int => "an integer".to_string(),
            Base::Float => "a float".into(),
            Base::Bool => "a bool".into(),
            Base::Number => "an integer or float".into(),
            Base::Scalar => "an integer, float or bool".into(),
            Base::Pointer => "a pointer".into(),
            Base::Image => "an image".into(),
            Base::SampledImage => "a sampled image".into(),
            Base::Sampler => "a sampler".into(),
            Base::Event => "an event".into(),
            Base::DeviceEvent => "a device event".into(),
            Base::ReserveId => "a reserve id".into(),
            Base::Queue => "a queue".into(),
            Base::Pipe => "a pipe".into(),
            Base::Struct => "a struct".into(),
        };
        if v.base.is_numeric() {
            if v.bits != 0 {
                text = format!(
                    "a {}-bit {}",
                    v.bits,
                    &text[text.find(' ').unwrap_or(0) + 1..]
                );
            }
            text.push_str(match v.shape {
                Shape::ScalarOrVector => " scalar or vector",
                Shape::Scalar => " scalar",
                Shape::Vector => " vector",
            });
        }
        let mut parts = Vec::new();
        if let Some(r) = v.count {
            parts.push(format!("as many components as {}", with_type(r)));
        }
        if let Some(r) = v.width {
            parts.push(format!("the component width of {}", with_type(r)));
        }
        if let Some(r) = v.component {
            parts.push(format!("the component type of {}", with_type(r)));
        }
        if let Some(r) = v.pointee {
            text = format!("a pointer to the type of {}", with_type(r));
        }
        if !parts.is_empty() {
            text.push_str(" with ");
            text.push_str(&parts.join(" and "));
        }
        text
    }

    // ---- hand-written rules ---------------------------------------------------------------

    fn special(&mut self, check: Check, inst: &Instruction, name: &str, ops: &'a [Operand]) {
        let id = |i: usize| match ops.get(i).map(|o| o.value) {
            Some(Value::Id(id)) => Some(id),
            _ => None,
        };
        let section = core_types::instruction(name).map_or("", |i| i.section);
        match check {
            Check::ConstantLiteral => self.constant_literal(inst, ops),
            Check::CompositeConstruct => self.composite_construct(inst, name, ops, section),
            Check::CompositeExtract => {
                let (Some(composite), Some(result)) = (id(0), inst.result_type) else {
                    return;
                };
                let Some(ty) = self.value_type(composite) else {
                    return;
                };
                if let Some(walked) = self.walk_literals(inst, name, ty, &ops[1..]) {
                    if !self.same(walked, result) {
                        let message = format!(
                            "the result type of {name} is {}, but the indexes select {} ({section})",
                            self.describe(result),
                            self.describe(walked)
                        );
                        self.mismatch(self.result_type_range(inst), message);
                    }
                }
            }
            Check::CompositeInsert => {
                let (Some(object), Some(result)) = (id(0), inst.result_type) else {
                    return;
                };
                let Some(object_ty) = self.value_type(object) else {
                    return;
                };
                if let Some(walked) = self.walk_literals(inst, name, result, &ops[2..]) {
                    if !self.same(walked, object_ty) {
                        let message = format!(
                            "`Object` of {name} is {}, but the indexes select {} ({section})",
                            self.describe(object_ty),
                            self.describe(walked)
                        );
                        self.mismatch(ops[0].range(), message);
                    }
                }
            }
            Check::VectorShuffle => {
                let (Some(v1), Some(v2)) = (
                    id(0).and_then(|v| self.value_type(v)),
                    id(1).and_then(|v| self.value_type(v)),
                ) else {
                    return;
                };
                let (Some((n1, _)), Some((n2, _))) = (self.shape(v1), self.shape(v2)) else {
                    return;
                };
                let components = &ops[2..];
                if let Some((count, _)) = inst.result_type.and_then(|r| self.shape(r)) {
                    if count as usize != components.len() {
                        let message = format!(
                            "{name} selects {} components for a result of {count} ({section})",
                            components.len()
                        );
                        self.mismatch(self.result_type_range(inst), message);
                        return;
                    }
                }
                for c in components {
                    if let Value::Int(i) = c.value {
                        if i != 0xFFFF_FFFF && i >= u64::from(n1 + n2) {
                            let message = format!(
                                "component {i} of {name} is out of range: the two vectors have {} components (0xFFFFFFFF marks an undefined one) ({section})",
                                n1 + n2
                            );
                            self.mismatch(c.range(), message);
                            return;
                        }
                    }
                }
            }
            Check::Variable => self.variable(inst, ops, section),
            Check::Store => {
                if let Some(Type::Pointer { storage, .. }) = id(0)
                    .and_then(|p| self.value_type(p))
                    .and_then(|t| self.ty(t))
                {
                    if let Some(diagnostic) = rules::spirv_storage_class::check_store_target(
                        *storage,
                        section,
                        ops[0].range(),
                    ) {
                        self.report(diagnostic);
                    }
                }
            }
            Check::CopyMemory => {
                let (
                    Some(Type::Pointer { pointee: t, .. }),
                    Some(Type::Pointer { pointee: s, .. }),
                ) = (
                    id(0)
                        .and_then(|p| self.value_type(p))
                        .and_then(|t| self.ty(t)),
                    id(1)
                        .and_then(|p| self.value_type(p))
                        .and_then(|t| self.ty(t)),
                )
                else {
                    return;
                };
                if !self.same(*t, *s) {
                    let message = format!(
                        "OpCopyMemory copies {} into {}: `Target` and `Source` must point to the same type ({section})",
                        self.describe(*s),
                        self.describe(*t)
                    );
                    self.mismatch(ops[1].range(), message);
                }
            }
            Check::AccessChain => self.access_chain(inst, name, ops, section),
            Check::Function => {
                let (Some(result), Some(ft)) = (inst.result_type, id(1)) else {
                    return;
                };
                match self.ty(ft) {
                    // A function type that returns the result type is right: not the next arm.
                    Some(Type::Function { result: r, .. }) => {
                        if !self.same(*r, result) {
                            let message = format!(
                                "OpFunction's result type is {} but its function type returns {} ({section})",
                                self.describe(result),
                                self.describe(*r)
                            );
                            self.mismatch(self.result_type_range(inst), message);
                        }
                    }
                    Some(_) => {
                        let message = format!(
                            "`Function Type` of OpFunction is {}, not an OpTypeFunction ({section})",
                            self.describe(ft)
                        );
                        self.mismatch(ops[1].range(), message);
                    }
                    None => {}
                }
            }
            Check::FunctionParameter => {
                let index = self.parameter;
                self.parameter += 1;
                let (Some(f), Some(ty)) = (self.function, inst.result_type) else {
                    return;
                };
                let Some(Type::Function { parameters, .. }) =
                    f.function_type.and_then(|t| self.ty(t))
                else {
                    return;
                };
                match parameters.get(index) {
                    Some(p) if !self.same(*p, ty) => {
                        let message = format!(
                            "parameter {index} is {} but the function type declares {} ({section})",
                            self.describe(ty),
                            self.describe(*p)
                        );
                        self.mismatch(self.result_type_range(inst), message);
                    }
                    None => {
                        let message = format!(
                            "the function type declares {} parameters; this is parameter {index} ({section})",
                            parameters.len()
                        );
                        self.mismatch(inst.opcode_range, message);
                    }
                    _ => {}
                }
            }
            Check::FunctionCall => self.function_call(inst, ops, section),
            Check::Return => {
                let Some(f) = self.function else { return };
                let void = matches!(self.ty(f.result), Some(Type::Void));
                match (id(0), void) {
                    (None, false) if ops.is_empty() => {
                        let message = format!(
                            "OpReturn in a function that returns {}: use OpReturnValue ({section})",
                            self.describe(f.result)
                        );
                        self.mismatch(inst.opcode_range, message);
                    }
                    (Some(value), true) => {
                        let _ = value;
                        let message = format!(
                            "OpReturnValue in a function that returns void: use OpReturn ({section})"
                        );
                        self.mismatch(inst.opcode_range, message);
                    }
                    (Some(value), false) => {
                        if let Some(ty) = self.value_type(value) {
                            if !self.same(ty, f.result) {
                                let message = format!(
                                    "`Value` of OpReturnValue is {} but the function returns {} ({section})",
                                    self.describe(ty),
                                    self.describe(f.result)
                                );
                                self.mismatch(ops[0].range(), message);
                            }
                        }
                    }
                    _ => {}
                }
            }
            Check::Phi => {
                let Some(result) = inst.result_type else {
                    return;
                };
                for op in ops.iter().step_by(2) {
                    let Value::Id(v) = op.value else { continue };
                    let Some(ty) = self.value_type(v) else {
                        continue;
                    };
                    if !self.same(ty, result) {
                        let message = format!(
                            "OpPhi's incoming value is {} but the result type is {} ({section})",
                            self.describe(ty),
                            self.describe(result)
                        );
                        self.mismatch(op.range(), message);
                        return;
                    }
                }
            }
            Check::Select => {
                let Some(result) = inst.result_type else {
                    return;
                };
                if matches!(self.ty(result), Some(Type::Void)) {
                    self.mismatch(
                        self.result_type_range(inst),
                        format!("OpSelect cannot produce void ({section})"),
                    );
                    return;
                }
                let Some(cond) = id(0).and_then(|c| self.value_type(c)) else {
                    return;
                };
                if let (Some(Type::Vector { count, .. }), Some((_, c))) =
                    (self.ty(cond), self.shape(cond))
                {
                    if matches!(self.ty(c), Some(Type::Bool)) {
                        let result_count = match self.ty(result) {
                            Some(Type::Vector { count, .. }) => Some(*count),
                            _ => None,
                        };
                        if result_count != Some(*count) {
                            let message = format!(
                                "a vector `Condition` ({}) needs a result vector of as many components; the result type is {} ({section})",
                                self.describe(cond),
                                self.describe(result)
                            );
                            self.mismatch(ops[0].range(), message);
                        }
                    }
                }
            }
            Check::Bitcast => self.bitcast(inst, ops, section),
            Check::PointerCast => self.pointer_cast(inst, name, ops, section),
            Check::WidthChanges => {
                let (Some(result), Some(ty)) =
                    (inst.result_type, id(0).and_then(|v| self.value_type(v)))
                else {
                    return;
                };
                let (Some((_, a)), Some((_, b))) = (self.shape(result), self.shape(ty)) else {
                    return;
                };
                if self.width(a).is_some() && self.width(a) == self.width(b) {
                    let message = format!(
                        "{name} converts {} to {}: the component width must change (use OpCopyObject or OpBitcast) ({section})",
                        self.describe(ty),
                        self.describe(result)
                    );
                    self.mismatch(ops[0].range(), message);
                }
            }
            Check::ExtendedArithmetic => {
                let Some(result) = inst.result_type else {
                    return;
                };
                let Some(Type::Struct { members }) = self.ty(result) else {
                    return;
                };
                let ok = members.len() == 2
                    && self.same(members[0], members[1])
                    && matches!(
                        self.shape(members[0]).and_then(|(_, c)| self.ty(c)),
                        Some(Type::Int { .. })
                    );
                if !ok {
                    let message = format!(
                        "the result type of {name} must be a struct of two members of the same integer scalar or vector type ({section})"
                    );
                    self.mismatch(self.result_type_range(inst), message);
                    return;
                }
                if let Some(ty) = id(0).and_then(|v| self.value_type(v)) {
                    if !self.same(ty, members[0]) {
                        let message = format!(
                            "`Operand 1` of {name} is {}; expected the struct's member type {} ({section})",
                            self.describe(ty),
                            self.describe(members[0])
                        );
                        self.mismatch(ops[0].range(), message);
                    }
                }
            }
            Check::GenericPointer => {
                if let Some(Type::Pointer { storage, .. }) = id(0)
                    .and_then(|p| self.value_type(p))
                    .and_then(|t| self.ty(t))
                {
                    if let Some(diagnostic) = rules::spirv_storage_class::check_generic_pointer(
                        name,
                        *storage,
                        section,
                        ops[0].range(),
                    ) {
                        self.report(diagnostic);
                    }
                }
            }
            Check::ImageTexel => {
                // A non-void sampled type fixes the texel's component type.
                let image = id(0).and_then(|v| self.value_type(v));
                let image = match image.and_then(|t| self.ty(t)) {
                    Some(Type::SampledImage { image }) => self.ty(*image),
                    other => other,
                };
                let Some(Type::Image(image)) = image else {
                    return;
                };
                if matches!(self.ty(image.sampled_type), Some(Type::Void) | None) {
                    return;
                }
                let (texel, range) = match name {
                    "OpImageWrite" => (
                        id(2).and_then(|v| self.value_type(v)),
                        ops.get(2).map(|o| o.range()),
                    ),
                    _ => (inst.result_type, Some(self.result_type_range(inst))),
                };
                if let (Some(texel), Some(range)) = (texel, range) {
                    if let Some((_, c)) = self.shape(texel) {
                        if !self.same(c, image.sampled_type) {
                            let message = format!(
                                "the texel of {name} is {} but the image's sampled type is {} ({section})",
                                self.describe(texel),
                                self.describe(image.sampled_type)
                            );
                            self.mismatch(range, message);
                        }
                    }
                }
            }
            Check::SampledImage => {
                let (Some(result), Some(image)) =
                    (inst.result_type, id(0).and_then(|v| self.value_type(v)))
                else {
                    return;
                };
                if let Some(Type::SampledImage { image: expected }) = self.ty(result) {
                    if !self.same(*expected, image) {
                        let message = format!(
                            "`Image` of OpSampledImage is not of the image type the result type names ({section})"
                        );
                        self.mismatch(ops[0].range(), message);
                    }
                }
            }
            Check::AsyncCopy => self.async_copy(ops, section),
            Check::AtomicFlag => {
                if let Some(Type::Pointer { pointee, .. }) = id(0)
                    .and_then(|p| self.value_type(p))
                    .and_then(|t| self.ty(t))
                {
                    if !matches!(self.ty(*pointee), Some(Type::Int { width: 32, .. })) {
                        let message = format!(
                            "`Pointer` of {name} points to {}; an atomic flag is a 32-bit integer ({section})",
                            self.describe(*pointee)
                        );
                        self.mismatch(ops[0].range(), message);
                    }
                }
            }
        }
    }

    fn constant_literal(&mut self, inst: &Instruction, ops: &[Operand]) {
        let (Some(result), Some(op)) = (inst.result_type, ops.first()) else {
            return;
        };
        let Some(Type::Int { width, .. }) = self.ty(result) else {
            return;
        };
        let literal = match op.value {
            Value::Int(v) => ConstantLiteral::Int(v),
            Value::Float(_) => ConstantLiteral::Float,
            _ => return,
        };
        if let Some(diagnostic) =
            rules::spirv_operand_kind::check_constant_literal(*width, literal, op.range(), || {
                self.describe(result)
            })
        {
            self.report(diagnostic);
        }
    }

    fn composite_construct(
        &mut self,
        inst: &Instruction,
        name: &str,
        ops: &[Operand],
        section: &str,
    ) {
        let Some(result) = inst.result_type else {
            return;
        };
        let Some(t) = self.ty(result) else { return };
        let types = |op: &Operand| match op.value {
            Value::Id(v) => self.value_type(v),
            _ => None,
        };
        match t {
            Type::Vector { component, count } => {
                let mut total = 0u32;
                for op in ops {
                    let Some(ty) = types(op) else { return };
                    match self.shape(ty) {
                        Some((n, c)) if self.same(c, *component) => total += n,
                        _ => {
                            let message = format!(
                                "constituent of {name} is {}; the result {} takes {} scalars or vectors ({section})",
                                self.describe(ty),
                                self.describe(result),
                                self.describe(*component)
                            );
                            self.mismatch(op.range(), message);
                            return;
                        }
                    }
                }
                if total != *count {
                    let message = format!(
                        "{name} gives {total} components for {} ({section})",
                        self.describe(result)
                    );
                    self.mismatch(inst.opcode_range, message);
                }
            }
            Type::Array { element, length } => {
                if let Some(&n) = self.facts.int_constants.get(length) {
                    if n != ops.len() as u64 {
                        let message = format!(
                            "{name} gives {} constituents for an array of {n} ({section})",
                            ops.len()
                        );
                        self.mismatch(inst.opcode_range, message);
                        return;
                    }
                }
                for op in ops {
                    let Some(ty) = types(op) else { continue };
                    if !self.same(ty, *element) {
                        let message = format!(
                            "constituent of {name} is {}; the array's element is {} ({section})",
                            self.describe(ty),
                            self.describe(*element)
                        );
                        self.mismatch(op.range(), message);
                        return;
                    }
                }
            }
            Type::Struct { members } => {
                if members.len() != ops.len() {
                    let message = format!(
                        "{name} gives {} constituents for a struct of {} members ({section})",
                        ops.len(),
                        members.len()
                    );
                    self.mismatch(inst.opcode_range, message);
                    return;
                }
                for (i, (op, member)) in ops.iter().zip(members).enumerate() {
                    let Some(ty) = types(op) else { continue };
                    if !self.same(ty, *member) {
                        let message = format!(
                            "constituent {i} of {name} is {}; the struct's member {i} is {} ({section})",
                            self.describe(ty),
                            self.describe(*member)
                        );
                        self.mismatch(op.range(), message);
                        return;
                    }
                }
            }
            Type::Matrix { .. } => {}
            _ => {
                let message = format!(
                    "the result type of {name} is {}, not a composite (vector, array or struct) ({section})",
                    self.describe(result)
                );
                self.mismatch(self.result_type_range(inst), message);
            }
        }
    }

    /// Walks literal indexes down from `ty`; reports an index out of range or into a
    /// non-composite and returns `None` then.
    fn walk_literals(
        &mut self,
        inst: &Instruction,
        name: &str,
        ty: IdIndex,
        indexes: &[Operand],
    ) -> Option<IdIndex> {
        let _ = inst;
        let mut current = ty;
        for op in indexes {
            let Value::Int(i) = op.value else { return None };
            match self.step(current, Some(i)) {
                Step::Next(next) => current = next,
                Step::Unknown => return None,
                Step::OutOfRange(n) => {
                    let message = format!(
                        "index {i} of {name} is out of range: {} has {n} ({})",
                        self.describe(current),
                        "3.3.12 Composite Instructions"
                    );
                    self.mismatch(op.range(), message);
                    return None;
                }
                Step::NotComposite => {
                    let message = format!(
                        "{name} indexes into {}, which is not a composite (3.3.12 Composite Instructions)",
                        self.describe(current)
                    );
                    self.mismatch(op.range(), message);
                    return None;
                }
            }
        }
        Some(current)
    }

    /// One index step into a composite; `index` is `None` for a non-constant index.
    fn step(&self, ty: IdIndex, index: Option<u64>) -> Step {
        let Some(t) = self.ty(ty) else {
            return Step::Unknown;
        };
        match t {
            Type::Vector { component, count } => match index {
                Some(i) if i >= u64::from(*count) => Step::OutOfRange(u64::from(*count)),
                _ => Step::Next(*component),
            },
            Type::Matrix { column, count } => match index {
                Some(i) if i >= u64::from(*count) => Step::OutOfRange(u64::from(*count)),
                _ => Step::Next(*column),
            },
            Type::Array { element, length } => {
                match (index, self.facts.int_constants.get(length)) {
                    (Some(i), Some(&n)) if i >= n => Step::OutOfRange(n),
                    _ => Step::Next(*element),
                }
            }
            Type::RuntimeArray { element } => Step::Next(*element),
            Type::Struct { members } => match index {
                Some(i) => members
                    .get(i as usize)
                    .map_or(Step::OutOfRange(members.len() as u64), |m| Step::Next(*m)),
                None => Step::Unknown,
            },
            _ => Step::NotComposite,
        }
    }

    fn variable(&mut self, inst: &Instruction, ops: &[Operand], section: &str) {
        let Some(Value::Enum(storage)) = ops.first().map(|o| o.value) else {
            return;
        };
        let range = ops[0].range();
        let Some(result) = inst.result_type else {
            return;
        };
        let Some(Type::Pointer {
            storage: declared,
            pointee,
        }) = self.ty(result)
        else {
            if self.ty(result).is_some() {
                let message = format!(
                    "the result type of OpVariable is {}, not a pointer ({section})",
                    self.describe(result)
                );
                self.mismatch(self.result_type_range(inst), message);
            }
            return;
        };
        let inside = self.function.is_some();
        if let Some(diagnostic) =
            rules::spirv_storage_class::check_variable(storage, *declared, inside, section, range)
        {
            self.report(diagnostic);
        }
        if let Some(op) = ops.get(1) {
            if let Value::Id(init) = op.value {
                if let Some(ty) = self.value_type(init) {
                    if !self.same(ty, *pointee) {
                        let message = format!(
                            "`Initializer` of OpVariable is {} but the variable holds {} ({section})",
                            self.describe(ty),
                            self.describe(*pointee)
                        );
                        self.mismatch(op.range(), message);
                    }
                }
            }
        }
    }

    fn access_chain(&mut self, inst: &Instruction, name: &str, ops: &[Operand], section: &str) {
        let Some(Value::Id(base)) = ops.first().map(|o| o.value) else {
            return;
        };
        let Some(base_ty) = self.value_type(base) else {
            return;
        };
        let Some(&Type::Pointer { storage, pointee }) = self.ty(base_ty) else {
            return;
        };
        let first_index = if name.contains("Ptr") { 2 } else { 1 };
        let mut current = pointee;
        for op in ops.iter().skip(first_index) {
            let Value::Id(index) = op.value else { return };
            let constant = self.facts.int_constants.get(&index).copied();
            let is_struct = matches!(self.ty(current), Some(Type::Struct { .. }));
            if is_struct && constant.is_none() {
                let message = format!(
                    "an index into {} must be an integer constant ({section})",
                    self.describe(current)
                );
                self.mismatch(op.range(), message);
                return;
            }
            // Only struct indexes must be in range; arrays may be indexed dynamically.
            let index = if is_struct { constant } else { None };
            match self.step(current, index) {
                Step::Next(next) => current = next,
                Step::Unknown => return,
                Step::OutOfRange(n) => {
                    let message = format!(
                        "index {} of {name} selects no member: {} has {n} ({section})",
                        constant.unwrap_or(0),
                        self.describe(current)
                    );
                    self.mismatch(op.range(), message);
                    return;
                }
                Step::NotComposite => {
                    let message = format!(
                        "{name} indexes into {}, which is not a composite ({section})",
                        self.describe(current)
                    );
                    self.mismatch(op.range(), message);
                    return;
                }
            }
        }
        let Some(result) = inst.result_type else {
            return;
        };
        let Some(&Type::Pointer {
            storage: result_storage,
            pointee: result_pointee,
        }) = self.ty(result)
        else {
            return;
        };
        if let Some(diagnostic) = rules::spirv_storage_class::check_access_chain(
            name,
            storage,
            result_storage,
            section,
            self.result_type_range(inst),
        ) {
            self.report(diagnostic);
        } else if !self.same(result_pointee, current) {
            let message = format!(
                "the result type of {name} points to {}, but the indexes select {} ({section})",
                self.describe(result_pointee),
                self.describe(current)
            );
            self.mismatch(self.result_type_range(inst), message);
        }
    }

    fn function_call(&mut self, inst: &Instruction, ops: &[Operand], section: &str) {
        let Some(Value::Id(callee)) = ops.first().map(|o| o.value) else {
            return;
        };
        let Some(definition) = self.module.definition(callee) else {
            return;
        };
        if definition.name() != "OpFunction" {
            let message = format!("`Function` of OpFunctionCall is not an OpFunction ({section})");
            self.mismatch(ops[0].range(), message);
            return;
        }
        let Some(ft) = self.id_operand(definition, 1) else {
            return;
        };
        let Some(Type::Function { result, parameters }) = self.ty(ft) else {
            return;
        };
        if let Some(r) = inst.result_type {
            if !self.same(r, *result) {
                let message = format!(
                    "OpFunctionCall's result type is {} but the function returns {} ({section})",
                    self.describe(r),
                    self.describe(*result)
                );
                self.mismatch(self.result_type_range(inst), message);
                return;
            }
        }
        let arguments = &ops[1..];
        if arguments.len() != parameters.len() {
            let message = format!(
                "OpFunctionCall passes {} arguments to a function of {} parameters ({section})",
                arguments.len(),
                parameters.len()
            );
            self.mismatch(inst.opcode_range, message);
            return;
        }
        for (i, (arg, param)) in arguments.iter().zip(parameters).enumerate() {
            let Value::Id(v) = arg.value else { continue };
            let Some(ty) = self.value_type(v) else {
                continue;
            };
            if self.same(ty, *param) {
                continue;
            }
            if let (
                Some(Type::Pointer {
                    storage: a,
                    pointee: pa,
                }),
                Some(Type::Pointer {
                    storage: b,
                    pointee: pb,
                }),
            ) = (self.ty(ty), self.ty(*param))
            {
                if let Some(diagnostic) = rules::spirv_storage_class::check_argument(
                    i,
                    *a,
                    *b,
                    self.same(*pa, *pb),
                    section,
                    arg.range(),
                ) {
                    self.report(diagnostic);
                    continue;
                }
            }
            let message = format!(
                "argument {i} of OpFunctionCall is {} but the parameter is {} ({section})",
                self.describe(ty),
                self.describe(*param)
            );
            self.mismatch(arg.range(), message);
        }
    }

    fn bitcast(&mut self, inst: &Instruction, ops: &[Operand], section: &str) {
        let (Some(result), Some(Value::Id(v))) = (inst.result_type, ops.first().map(|o| o.value))
        else {
            return;
        };
        let Some(ty) = self.value_type(v) else { return };
        let (Some(rt), Some(ot)) = (self.ty(result), self.ty(ty)) else {
            return;
        };
        let range = ops[0].range();
        let numeric = |t: IdIndex| {
            self.shape(t)
                .filter(|(_, c)| matches!(self.ty(*c), Some(Type::Int { .. } | Type::Float { .. })))
        };
        let is_int_scalar = |t: &Type| matches!(t, Type::Int { .. });
        match (rt, ot) {
            (Type::Pointer { storage: a, .. }, Type::Pointer { storage: b, .. }) => {
                if let Some(diagnostic) =
                    rules::spirv_storage_class::check_pointer_bitcast(*a, *b, section, range)
                {
                    self.report(diagnostic);
                }
            }
            (Type::Pointer { .. }, other) | (other, Type::Pointer { .. }) => {
                let int_vector = matches!(other, Type::Vector { component, .. } if matches!(self.ty(*component), Some(Type::Int { width: 32, .. })));
                if !is_int_scalar(other) && !int_vector {
                    let message = format!(
                        "OpBitcast between a pointer and {}: the other side must be a pointer or an integer ({section})",
                        if matches!(rt, Type::Pointer { .. }) { self.describe(ty) } else { self.describe(result) }
                    );
                    self.mismatch(range, message);
                } else if let (Type::Int { width, .. }, Some(bits)) =
                    (other, self.facts.address_bits())
                {
                    if *width != bits {
                        let message = format!(
                            "OpBitcast between a pointer and a {width}-bit integer: pointers are {bits} bits under this addressing model ({section})"
                        );
                        self.mismatch(range, message);
                    }
                }
            }
            _ => match (numeric(result), numeric(ty)) {
                (Some((n1, c1)), Some((n2, c2))) => {
                    let (Some(w1), Some(w2)) = (self.width(c1), self.width(c2)) else {
                        return;
                    };
                    if n1 * w1 != n2 * w2 {
                        let message = format!(
                            "OpBitcast from {} ({} bits) to {} ({} bits): the sizes must be equal ({section})",
                            self.describe(ty),
                            n2 * w2,
                            self.describe(result),
                            n1 * w1
                        );
                        self.mismatch(range, message);
                    }
                }
                (None, _) => {
                    let message = format!(
                        "the result type of OpBitcast is {}; expected a pointer or a numeric scalar or vector ({section})",
                        self.describe(result)
                    );
                    self.mismatch(self.result_type_range(inst), message);
                }
                (_, None) => {
                    let message = format!(
                        "`Operand` of OpBitcast is {}; expected a pointer or a numeric scalar or vector ({section})",
                        self.describe(ty)
                    );
                    self.mismatch(range, message);
                }
            },
        }
    }

    fn pointer_cast(&mut self, inst: &Instruction, name: &str, ops: &[Operand], section: &str) {
        let (Some(result), Some(Value::Id(v))) = (inst.result_type, ops.first().map(|o| o.value))
        else {
            return;
        };
        let Some(ty) = self.value_type(v) else { return };
        let (
            Some(&Type::Pointer {
                storage: to,
                pointee: pt,
            }),
            Some(&Type::Pointer {
                storage: from,
                pointee: pf,
            }),
        ) = (self.ty(result), self.ty(ty))
        else {
            return;
        };
        let storage = ops.get(1).map(|o| match o.value {
            Value::Enum(explicit) => (explicit, o.range()),
            _ => (to, o.range()),
        });
        let cast = rules::spirv_storage_class::PointerCast {
            name,
            from,
            to,
            storage,
            pointer: ops[0].range(),
            result: self.result_type_range(inst),
        };
        if let Some(diagnostic) = rules::spirv_storage_class::check_pointer_cast(&cast, section) {
            self.report(diagnostic);
        } else if !self.same(pt, pf) {
            let message = format!(
                "{name} changes the pointee from {} to {}; the cast keeps the pointed-to type ({section})",
                self.describe(pf),
                self.describe(pt)
            );
            self.mismatch(self.result_type_range(inst), message);
        }
    }

    fn async_copy(&mut self, ops: &[Operand], section: &str) {
        let ptr = |i: usize| match ops.get(i).map(|o| o.value) {
            Some(Value::Id(v)) => self.value_type(v).and_then(|t| self.ty(t)),
            _ => None,
        };
        if let (
            Some(&Type::Pointer {
                storage: d,
                pointee: dp,
            }),
            Some(&Type::Pointer {
                storage: s,
                pointee: sp,
            }),
        ) = (ptr(1), ptr(2))
        {
            // The spec's "same type" for Source and Destination: the same pointee, since the
            // storage classes must differ.
            if !self.same(dp, sp) {
                let message = format!(
                    "`Source` of OpGroupAsyncCopy points to {} but `Destination` to {} ({section})",
                    self.describe(sp),
                    self.describe(dp)
                );
                self.mismatch(ops[2].range(), message);
                return;
            }
            if let Some(diagnostic) =
                rules::spirv_storage_class::check_async_copy(d, s, section, ops[1].range())
            {
                self.report(diagnostic);
            }
        }
        let Some(bits) = self.facts.address_bits() else {
            return;
        };
        for i in [3, 4] {
            let Some(op) = ops.get(i) else { continue };
            let Value::Id(v) = op.value else { continue };
            if let Some(Type::Int { width, .. }) = self.value_type(v).and_then(|t| self.ty(t)) {
                if *width != bits {
                    let message = format!(
                        "{} of OpGroupAsyncCopy is a {width}-bit integer; under this addressing model it is {bits} bits ({section})",
                        operand_name(op)
                    );
                    self.mismatch(op.range(), message);
                }
            }
        }
    }

    // ---- OpenCL.std ----------------------------------------------------------------------

    fn opencl_std(&mut self, inst: &Instruction) {
        let Some((_, ext)) = inst.extended else {
            return;
        };
        // printf's format and arguments are SPV030's.
        if ext.name == "printf" {
            return;
        }
        let Some(function) = ocl::function_by_opcode(ext.opcode) else {
            return;
        };
        let ops = self.module.operands(inst);
        let args = ops.get(2..).unwrap_or(&[]);
        if let Some(result) = inst.result_type {
            if let Some(expected) = self.ocl_fails(inst, function.result, result, args) {
                let message = format!(
                    "the result type of {} is {}; expected {expected} (OpenCL.std {})",
                    function.name,
                    self.describe(result),
                    function.section
                );
                self.mismatch(self.result_type_range(inst), message);
                return;
            }
        }
        for (i, rule) in function.operands.iter().enumerate() {
            if *rule == TypeRule::Variadic {
                break;
            }
            let Some(op) = args.get(i) else { break };
            match (*rule, op.value) {
                (TypeRule::LiteralCount(r), value) => {
                    let expected = self
                        .ocl_ref(inst, r, args)
                        .and_then(|t| self.shape(t))
                        .map(|(n, _)| n);
                    let found = match value {
                        Value::Int(n) => Some(n),
                        _ => None,
                    };
                    if let Some(expected) = expected {
                        if found != Some(u64::from(expected)) {
                            let message = format!(
                                "`{}` of {} must be the literal {expected}, the result's component count (OpenCL.std {})",
                                op.name(), function.name, function.section
                            );
                            self.mismatch(op.range(), message);
                            return;
                        }
                    }
                }
                (TypeRule::RoundingMode, _) => {}
                (rule, Value::Id(v)) => {
                    let Some(ty) = self.value_type(v) else {
                        continue;
                    };
                    if let Some(expected) = self.ocl_fails(inst, rule, ty, args) {
                        let message = format!(
                            "`{}` of {} is {}; expected {expected} (OpenCL.std {})",
                            op.name(),
                            function.name,
                            self.describe(ty),
                            function.section
                        );
                        self.report(rules::spirv_type_mismatch::opencl_std_argument(
                            rule,
                            self.ty(ty),
                            op.range(),
                            message,
                        ));
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    fn ocl_ref(&self, inst: &Instruction, r: ocl::Ref, args: &[Operand]) -> Option<IdIndex> {
        match r {
            ocl::Ref::Result => inst.result_type,
            ocl::Ref::Operand(n) => match args.get(n as usize)?.value {
                Value::Id(v) => self.value_type(v),
                _ => None,
            },
        }
    }

    /// `None` when `ty` satisfies the rule, else what was expected (built only on failure).
    fn ocl_fails(
        &self,
        inst: &Instruction,
        rule: TypeRule,
        ty: IdIndex,
        args: &[Operand],
    ) -> Option<String> {
        let t = self.ty(ty)?;
        match rule {
            TypeRule::Void => (!matches!(t, Type::Void)).then(|| "void".into()),
            TypeRule::SizeT => {
                let ok = match (t, self.facts.address_bits()) {
                    (Type::Int { width, .. }, Some(bits)) => *width == bits,
                    (Type::Int { width, .. }, None) => matches!(width, 32 | 64),
                    _ => false,
                };
                (!ok).then(|| match self.facts.address_bits() {
                    Some(bits) => {
                        format!("size_t, a {bits}-bit integer under this addressing model")
                    }
                    None => "size_t, a 32- or 64-bit integer".into(),
                })
            }
            TypeRule::Value(v) => {
                (!self.ocl_value_ok(inst, v, ty, args)).then(|| self.ocl_expected(inst, v, args))
            }
            TypeRule::Pointer(v, classes) => {
                let Type::Pointer { storage, pointee } = t else {
                    return Some(format!(
                        "a pointer to {} in {}",
                        self.ocl_expected(inst, v, args),
                        class_list(classes)
                    ));
                };
                if !classes.contains(storage_class_name(*storage)) {
                    return Some(format!("a pointer in {}", class_list(classes)));
                }
                (!self.ocl_value_ok(inst, v, *pointee, args))
                    .then(|| format!("a pointer to {}", self.ocl_expected(inst, v, args)))
            }
            TypeRule::LiteralCount(_) | TypeRule::RoundingMode | TypeRule::Variadic => None,
        }
    }

    fn ocl_value_ok(
        &self,
        inst: &Instruction,
        v: ocl::ValueType,
        ty: IdIndex,
        args: &[Operand],
    ) -> bool {
        let Some((count, component)) = self.shape(ty) else {
            return false;
        };
        let count_ok = match v.shape {
            ocl::Shape::Counts(c) => c.contains(count),
            ocl::Shape::CountOf(r) => self
                .ocl_ref(inst, r, args)
                .and_then(|o| self.shape(o))
                .is_none_or(|(n, _)| n == count),
        };
        if !count_ok {
            return false;
        }
        let result_width = || {
            inst.result_type
                .and_then(|r| self.shape(r))
                .and_then(|(_, c)| self.width(c))
        };
        match (v.elem, self.ty(component)) {
            (Elem::Scalar { float, .. }, Some(Type::Float { width })) => float.contains(*width),
            (Elem::Scalar { int, .. }, Some(Type::Int { width, .. })) => int.contains(*width),
            (Elem::Scalar { .. }, _) => false,
            (Elem::ComponentOf(r), _) => self
                .ocl_ref(inst, r, args)
                .and_then(|o| self.shape(o))
                .is_none_or(|(_, c)| self.same(c, component)),
            (Elem::IntSameWidth, Some(Type::Int { width, .. })) => {
                result_width().is_none_or(|w| w == *width)
            }
            (Elem::IntHalfWidth, Some(Type::Int { width, .. })) => {
                result_width().is_none_or(|w| w == 2 * *width)
            }
            _ => false,
        }
    }

    fn ocl_expected(&self, inst: &Instruction, v: ocl::ValueType, args: &[Operand]) -> String {
        let reference = |r: ocl::Ref| match r {
            ocl::Ref::Result => "the result type".to_string(),
            ocl::Ref::Operand(n) => args
                .get(n as usize)
                .map_or(format!("operand {n}"), |o| format!("`{}`", o.name())),
        };
        let elem = match v.elem {
            Elem::Scalar { float, int } => {
                let widths = |w: ocl::Widths, prefix: &str| {
                    [8u32, 16, 32, 64]
                        .iter()
                        .filter(|b| w.contains(**b))
                        .map(|b| format!("{prefix}{b}"))
                        .collect::<Vec<_>>()
                };
                let mut all = widths(float, "float");
                all.extend(widths(int, "int"));
                all.join(" or ")
            }
            Elem::ComponentOf(r) => {
                let ty = self.ocl_ref(inst, r, args).and_then(|t| self.shape(t));
                match ty {
                    Some((_, c)) => format!(
                        "{} (the component type of {})",
                        self.describe(c),
                        reference(r)
                    ),
                    None => format!("the component type of {}", reference(r)),
                }
            }
            Elem::IntSameWidth => "an integer as wide as the result's components".into(),
            Elem::IntHalfWidth => "an integer half as wide as the result's components".into(),
        };
        let shape = match v.shape {
            ocl::Shape::Counts(c) if c == ocl::Counts::ALL => {
                " scalar or vector (2, 3, 4, 8, 16)".to_string()
            }
            ocl::Shape::Counts(ocl::Counts(1)) => " scalar".to_string(),
            ocl::Shape::Counts(c) => {
                let list: Vec<String> = [1u32, 2, 3, 4, 8, 16]
                    .iter()
                    .filter(|n| c.contains(**n))
                    .map(|n| {
                        if *n == 1 {
                            "scalar".into()
                        } else {
                            n.to_string()
                        }
                    })
                    .collect();
                format!(" with {} components", list.join(", "))
            }
            ocl::Shape::CountOf(r) => format!(" with as many components as {}", reference(r)),
        };
        format!("{elem}{shape}")
    }
}

enum Step {
    Next(IdIndex),
    OutOfRange(u64),
    NotComposite,
    Unknown,
}

fn class_list(classes: ocl::StorageClasses) -> String {
    classes.names().collect::<Vec<_>>().join(", ")
}

fn operand_name(op: &Operand) -> String {
    if op.name().is_empty() {
        format!("the {} operand", op.kind.get().name)
    } else {
        format!("`{}`", op.name())
    }
}

/// The grammar operands after the result type and result id.
fn grammar_operands(
    operands: &'static [speclint_spec_db::spirv::grammar::Operand],
) -> &'static [speclint_spec_db::spirv::grammar::Operand] {
    let skip = operands
        .iter()
        .take_while(|o| matches!(o.kind.get().name, "IdResultType" | "IdResult"))
        .count();
    &operands[skip..]
}

/// Matches a bound operand to its grammar operand (`None` for an enumerant's parameter):
/// absent optional operands are skipped, a `*` operand takes every following one of its kind.
fn next_slot(
    grammar_ops: &[speclint_spec_db::spirv::grammar::Operand],
    g: &mut usize,
    op: &Operand,
) -> Option<usize> {
    while *g < grammar_ops.len()
        && grammar_ops[*g].kind != op.kind
        && grammar_ops[*g].quantifier != Quantifier::One
    {
        *g += 1;
    }
    let slot = grammar_ops.get(*g)?;
    if slot.kind != op.kind {
        return None;
    }
    let index = *g;
    if slot.quantifier != Quantifier::Many {
        *g += 1;
    }
    Some(index)
}

fn slots(operands: &'static [speclint_spec_db::spirv::grammar::Operand], ops: &[Operand]) -> Slots {
    let grammar_ops = grammar_operands(operands);
    let mut slots = Slots {
        first: [NONE; MAX_SLOTS],
        count: grammar_ops.len(),
    };
    let mut g = 0usize;
    for (b, op) in ops.iter().enumerate() {
        if let Some(index) = next_slot(grammar_ops, &mut g, op) {
            if index < MAX_SLOTS && slots.first[index] == NONE {
                slots.first[index] = b as u16;
            }
        }
    }
    let _ = slots.count;
    slots
}

#[cfg(test)]
mod tests {
    use super::super::{analyze, SpirvSettings};

    /// Types, constants and variables every case may use.
    const PRELUDE: &str = r#"OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability Int8
OpCapability GenericPointer
%std = OpExtInstImport "OpenCL.std"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%bool = OpTypeBool
%uchar = OpTypeInt 8 0
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v2bool = OpTypeVector %bool 2
%v2uint = OpTypeVector %uint 2
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%struct = OpTypeStruct %uint %float
%ptr_cross_uint = OpTypePointer CrossWorkgroup %uint
%ptr_wg_uint = OpTypePointer Workgroup %uint
%ptr_fn_uint = OpTypePointer Function %uint
%ptr_gen_uint = OpTypePointer Generic %uint
%ptr_const_uint = OpTypePointer UniformConstant %uint
%ptr_fn_struct = OpTypePointer Function %struct
%ptr_fn_float = OpTypePointer Function %float
%ptr_fn_v2float = OpTypePointer Function %v2float
%fn_void = OpTypeFunction %void
%fn_uint_uint = OpTypeFunction %uint %uint
%fn_void_wg = OpTypeFunction %void %ptr_wg_uint
%true = OpConstantTrue %bool
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_5 = OpConstant %uint 5
%ulong_1 = OpConstant %ulong 1
%float_1 = OpConstant %float 1
%v2uint_1 = OpConstantComposite %v2uint %uint_1 %uint_1
%v2float_1 = OpConstantComposite %v2float %float_1 %float_1
%v4float_1 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
%const_uint = OpVariable %ptr_const_uint UniformConstant %uint_1
%wg_uint = OpVariable %ptr_wg_uint Workgroup
"#;

    /// `helpers` go before the kernel; `body` is the kernel's first block.
    fn module(globals: &str, helpers: &str, body: &str) -> String {
        format!(
            "{PRELUDE}{globals}{helpers}%main = OpFunction %void None %fn_void\n%entry = OpLabel\n%fv = OpVariable %ptr_fn_uint Function\n%fs = OpVariable %ptr_fn_struct Function\n{body}OpReturn\nOpFunctionEnd\n"
        )
    }

    /// (code, text at the finding's range) of the type, storage-class and literal findings.
    fn findings(text: &str) -> Vec<(&'static str, String)> {
        analyze(text, &SpirvSettings::default())
            .diagnostics
            .iter()
            .filter(|d| matches!(d.rule.code, "SPV008" | "SPV013" | "SPV014"))
            .map(|d| (d.rule.code, text[d.range.start..d.range.end].to_string()))
            .collect()
    }

    const HELPER: &str = "%inc = OpFunction %uint None %fn_uint_uint\n%x = OpFunctionParameter %uint\n%inc_entry = OpLabel\n%x1 = OpIAdd %uint %x %uint_1\nOpReturnValue %x1\nOpFunctionEnd\n%use_wg = OpFunction %void None %fn_void_wg\n%p = OpFunctionParameter %ptr_wg_uint\n%use_wg_entry = OpLabel\nOpReturn\nOpFunctionEnd\n";

    const VALID_BODY: &str = r#"%a = OpIAdd %uint %uint_1 %uint_2
%b = OpISub %ulong %ulong_1 %ulong_1
%c = OpFMul %v2float %v2float_1 %v2float_1
%d = OpVectorTimesScalar %v2float %v2float_1 %float_1
%e = OpDot %float %v2float_1 %v2float_1
%f = OpShiftLeftLogical %ulong %ulong_1 %uint_1
%g = OpBitwiseAnd %v2uint %v2uint_1 %v2uint_1
%h = OpULessThan %v2bool %v2uint_1 %v2uint_1
%i = OpAny %bool %h
%j = OpSelect %v2uint %h %v2uint_1 %v2uint_1
%l = OpFOrdLessThan %bool %float_1 %float_1
%m = OpConvertUToF %v2float %v2uint_1
%n = OpUConvert %ulong %uint_1
%o = OpBitcast %v2uint %ulong_1
%q = OpCompositeExtract %float %v4float_1 3
%r = OpCompositeInsert %v4float %float_1 %v4float_1 0
%s = OpCompositeConstruct %v4float %v2float_1 %float_1 %float_1
%t = OpVectorShuffle %v4float %v2float_1 %v2float_1 0 3 1 4294967295
%u = OpVectorExtractDynamic %float %v4float_1 %uint_1
%v = OpAccessChain %ptr_fn_float %fs %uint_1
%w = OpLoad %float %v
OpStore %fv %a
%x2 = OpFunctionCall %uint %inc %a
%y = OpFunctionCall %void %use_wg %wg_uint
%gen = OpPtrCastToGeneric %ptr_gen_uint %fv
%back = OpGenericCastToPtr %ptr_fn_uint %gen
%aa = OpAtomicIAdd %uint %wg_uint %uint_2 %uint_0 %uint_1
%ab = OpExtInst %v2float %std fma %v2float_1 %v2float_1 %v2float_1
%ac = OpExtInst %v4float %std vloadn %ulong_1 %const_uint_f 4
%ad = OpExtInst %uint %std s_abs %uint_1
%ae = OpExtInst %ulong %std u_upsample %uint_1 %uint_1
OpBranchConditional %i %then %join
%then = OpLabel
OpBranch %join
%join = OpLabel
%phi = OpPhi %uint %a %entry %uint_0 %then
OpSwitch %phi %done 1 %done
%done = OpLabel
"#;

    const VALID_GLOBALS: &str = "%ptr_const_float = OpTypePointer UniformConstant %float\n%const_uint_f = OpVariable %ptr_const_float UniformConstant %float_1\n";

    #[test]
    fn valid_module_has_no_type_findings() {
        let text = module(VALID_GLOBALS, HELPER, VALID_BODY);
        let all: Vec<_> = analyze(&text, &SpirvSettings::default())
            .diagnostics
            .iter()
            .map(|d| (d.rule.code, d.message.clone()))
            .collect();
        assert_eq!(findings(&text), vec![], "{all:?}");
    }

    /// (name, globals, body, expected code, expected text at its range, spirv-val rejects it)
    const INVALID: &[(&str, &str, &str, &str, &str, bool)] = &[
        ("iadd-width", "", "%r = OpIAdd %uint %uint_1 %ulong_1\n", "SPV013", "%ulong_1", true),
        ("fadd-int-result", "", "%r = OpFAdd %uint %float_1 %float_1\n", "SPV013", "%uint", true),
        ("shift-count", "", "%r = OpShiftLeftLogical %v2uint %v2uint_1 %uint_1\n", "SPV013", "%uint_1", true),
        ("iequal-not-bool", "", "%r = OpIEqual %uint %uint_1 %uint_2\n", "SPV013", "%uint", true),
        ("any-scalar", "", "%r = OpAny %bool %true\n", "SPV013", "%true", true),
        ("stof-int-result", "", "%r = OpConvertSToF %uint %uint_1\n", "SPV013", "%uint", true),
        ("uconvert-same-width", "", "%r = OpUConvert %uint %uint_1\n", "SPV013", "%uint_1", true),
        ("bitcast-size", "", "%r = OpBitcast %ulong %uint_1\n", "SPV013", "%uint_1", true),
        // spirv-val (v2023.1) does not check this rule of 3.3.11 for SPIR-V 1.0 modules.
        ("bitcast-storage", "", "%r = OpBitcast %ptr_cross_uint %fv\n", "SPV014", "%fv", false),
        ("extract-result", "", "%r = OpCompositeExtract %uint %v4float_1 0\n", "SPV013", "%uint", true),
        ("extract-range", "", "%r = OpCompositeExtract %float %v4float_1 4\n", "SPV013", "4", true),
        ("insert-object", "", "%r = OpCompositeInsert %v4float %uint_1 %v4float_1 0\n", "SPV013", "%uint_1", true),
        ("construct-count", "", "%r = OpCompositeConstruct %v4float %float_1 %float_1 %float_1\n", "SPV013", "OpCompositeConstruct", true),
        ("constant-composite-member", "%bad = OpConstantComposite %struct %float_1 %float_1\n", "", "SPV013", "%float_1", true),
        ("shuffle-range", "", "%r = OpVectorShuffle %v2float %v2float_1 %v2float_1 0 4\n", "SPV013", "4", true),
        ("extract-dynamic-component", "", "%r = OpVectorExtractDynamic %uint %v4float_1 %uint_1\n", "SPV013", "%v4float_1", true),
        ("load-pointee", "", "%r = OpLoad %float %fv\n", "SPV013", "%fv", true),
        ("store-object", "", "OpStore %fv %float_1\n", "SPV013", "%fv", true),
        ("store-read-only", "", "OpStore %const_uint %uint_1\n", "SPV014", "%const_uint", true),
        ("variable-initializer", "%g = OpVariable %ptr_cross_uint CrossWorkgroup %float_1\n", "", "SPV013", "%float_1", true),
        ("variable-class", "%g = OpVariable %ptr_cross_uint Workgroup\n", "", "SPV014", "Workgroup", true),
        ("chain-member-range", "", "%r = OpAccessChain %ptr_fn_float %fs %uint_2\n", "SPV013", "%uint_2", true),
        ("chain-member-not-constant", "", "%i = OpLoad %uint %fv\n%r = OpAccessChain %ptr_fn_float %fs %i\n", "SPV013", "%i", true),
        ("chain-result-pointee", "", "%r = OpAccessChain %ptr_fn_uint %fs %uint_1\n", "SPV013", "%ptr_fn_uint", true),
        ("chain-result-storage", "", "%r = OpAccessChain %ptr_wg_uint %fs %uint_0\n", "SPV014", "%ptr_wg_uint", true),
        ("call-argument", "", "%r = OpFunctionCall %uint %inc %float_1\n", "SPV013", "%float_1", true),
        ("call-count", "", "%r = OpFunctionCall %uint %inc\n", "SPV013", "OpFunctionCall", true),
        ("call-result", "", "%r = OpFunctionCall %float %inc %uint_1\n", "SPV013", "%float", true),
        ("call-pointer-storage", "", "%r = OpFunctionCall %void %use_wg %fv\n", "SPV014", "%fv", true),
        ("branch-condition", "", "OpBranchConditional %uint_1 %l1 %l1\n%l1 = OpLabel\n", "SPV013", "%uint_1", true),
        ("switch-selector", "", "OpSwitch %float_1 %l1\n%l1 = OpLabel\n", "SPV013", "%float_1", true),
        ("phi-incoming", "", "OpBranch %l1\n%l1 = OpLabel\n%r = OpPhi %uint %float_1 %entry\n", "SPV013", "%float_1", true),
        ("atomic-value", "", "%r = OpAtomicIAdd %uint %wg_uint %uint_2 %uint_0 %ulong_1\n", "SPV013", "%ulong_1", true),
        ("cast-from-generic", "", "%g = OpPtrCastToGeneric %ptr_gen_uint %fv\n%r = OpPtrCastToGeneric %ptr_gen_uint %g\n", "SPV014", "%g", true),
        ("cast-explicit-storage", "", "%g = OpPtrCastToGeneric %ptr_gen_uint %fv\n%r = OpGenericCastToPtrExplicit %ptr_wg_uint %g Function\n", "SPV014", "%ptr_wg_uint", true),
        ("select-vector-condition", "", "%c = OpULessThan %v2bool %v2uint_1 %v2uint_1\n%r = OpSelect %uint %c %uint_1 %uint_1\n", "SPV013", "%c", true),
        ("dot-vector-result", "", "%r = OpDot %v2float %v2float_1 %v2float_1\n", "SPV013", "%v2float", true),
        ("constant-too-wide", "%bad = OpConstant %uchar 300\n", "", "SPV008", "300", false),
        ("ocl-fma-operand", "", "%r = OpExtInst %float %std fma %float_1 %float_1 %uint_1\n", "SPV013", "%uint_1", true),
        ("ocl-fabs-result", "", "%r = OpExtInst %uint %std fabs %float_1\n", "SPV013", "%uint", true),
        ("ocl-frexp-storage", "", "%r = OpExtInst %float %std frexp %float_1 %const_uint\n", "SPV014", "%const_uint", true),
        ("ocl-vloadn-count", "", "%r = OpExtInst %v4float %std vloadn %ulong_1 %const_uint_f 2\n", "SPV013", "2", true),
        ("ocl-vloadn-size-t", "", "%r = OpExtInst %v4float %std vloadn %uint_1 %const_uint_f 4\n", "SPV013", "%uint_1", true),
        ("ocl-upsample-width", "", "%r = OpExtInst %ulong %std u_upsample %ulong_1 %uint_1\n", "SPV013", "%ulong_1", true),
    ];

    #[test]
    fn invalid_cases_report_exactly_one_finding_at_the_operand() {
        for (name, globals, body, code, at, _) in INVALID {
            let text = module(&format!("{VALID_GLOBALS}{globals}"), HELPER, body);
            assert_eq!(
                findings(&text),
                vec![(*code, at.to_string())],
                "case {name}"
            );
        }
    }

    /// With SPIRV-Tools on PATH: spirv-val accepts the valid module and rejects every case
    /// marked as one it checks, so the rules agree with the reference validator.
    #[test]
    fn spirv_val_agrees() {
        let tool = |name: &str| {
            std::process::Command::new(name)
                .arg("--version")
                .output()
                .is_ok()
        };
        if !tool("spirv-as") || !tool("spirv-val") {
            eprintln!("spirv-as / spirv-val not found: skipped");
            return;
        }
        let dir = std::env::temp_dir().join(format!("speclint-types-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let validates = |name: &str, text: &str| -> bool {
            let source = dir.join(format!("{name}.spvasm"));
            let binary = dir.join(format!("{name}.spv"));
            std::fs::write(&source, text).unwrap();
            let assembled = std::process::Command::new("spirv-as")
                .args(["--target-env", "spv1.0", "-o"])
                .arg(&binary)
                .arg(&source)
                .status()
                .unwrap();
            if !assembled.success() {
                return false;
            }
            std::process::Command::new("spirv-val")
                .args(["--target-env", "opencl2.2"])
                .arg(&binary)
                .output()
                .unwrap()
                .status
                .success()
        };
        assert!(
            validates("valid", &module(VALID_GLOBALS, HELPER, VALID_BODY)),
            "spirv-val rejects the valid module"
        );
        let mut disagree = Vec::new();
        for (name, globals, body, _, _, checks) in INVALID {
            let text = module(&format!("{VALID_GLOBALS}{globals}"), HELPER, body);
            if *checks && validates(name, &text) {
                disagree.push(*name);
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert!(disagree.is_empty(), "spirv-val accepts {disagree:?}");
    }
}
