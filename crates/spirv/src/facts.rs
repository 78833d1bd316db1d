//! What the module declares, gathered in one walk over the bound instructions: its header
//! facts (capabilities, extensions, memory model, entry points), the types, the type of every
//! value, integer constants, names and decorations, and the functions with their calls.

use super::module::{IdIndex, Module, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::grammar;

/// StorageClass values the checks name (SPIR-V 1.6, 3.2.6 Storage Class).
pub mod storage {
    pub const UNIFORM_CONSTANT: u32 = 0;
    pub const INPUT: u32 = 1;
    pub const WORKGROUP: u32 = 4;
    pub const CROSS_WORKGROUP: u32 = 5;
    pub const FUNCTION: u32 = 7;
    pub const GENERIC: u32 = 8;
}

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Void,
    Bool,
    Int {
        width: u32,
        signed: bool,
    },
    Float {
        width: u32,
    },
    Vector {
        component: IdIndex,
        count: u32,
    },
    Matrix {
        column: IdIndex,
        count: u32,
    },
    Array {
        element: IdIndex,
        length: IdIndex,
    },
    RuntimeArray {
        element: IdIndex,
    },
    Struct {
        members: Vec<IdIndex>,
    },
    /// `storage` is the StorageClass value.
    Pointer {
        storage: u32,
        pointee: IdIndex,
    },
    Function {
        result: IdIndex,
        parameters: Vec<IdIndex>,
    },
    Image(ImageType),
    Sampler,
    SampledImage {
        image: IdIndex,
    },
    /// Events, queues, reserve ids, pipes and other opaque types, by opcode name.
    Opaque(&'static str),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ImageType {
    pub sampled_type: IdIndex,
    pub dim: u32,
    pub depth: u64,
    pub arrayed: u64,
    pub multisampled: u64,
    pub sampled: u64,
    pub format: u32,
    pub access: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct EntryPoint {
    pub instruction: u32,
    pub model: u32,
    pub function: IdIndex,
    pub name: String,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub id: IdIndex,
    /// Index of its `OpFunction` and of its `OpFunctionEnd` (or the last instruction).
    pub start: u32,
    pub end: u32,
    pub parameters: Vec<IdIndex>,
    /// Has blocks (a definition, not a declaration).
    pub defined: bool,
    /// Functions it calls, with the instruction index of each call.
    pub calls: Vec<(IdIndex, u32)>,
}

#[derive(Clone, Debug, Default)]
pub struct Decoration {
    /// Decoration value.
    pub kind: u32,
    /// The decoration's first literal/enumerant parameter, if any (`BuiltIn`'s value).
    pub parameter: Option<u64>,
    pub instruction: u32,
}

#[derive(Default)]
pub struct Facts {
    /// Declared capabilities with the instruction that declares each.
    pub capabilities: Vec<(&'static str, u32)>,
    /// Declared capabilities plus the ones they imply.
    pub enabled_capabilities: FxHashSet<&'static str>,
    pub extensions: Vec<(String, u32)>,
    /// `(addressing, memory)` model values and the instruction.
    pub memory_model: Option<(u32, u32, u32)>,
    pub entry_points: Vec<EntryPoint>,
    pub types: FxHashMap<IdIndex, Type>,
    /// The result type of every value.
    pub value_types: FxHashMap<IdIndex, IdIndex>,
    /// Integer scalar constants (`OpConstant` of an integer type).
    pub int_constants: FxHashMap<IdIndex, u64>,
    pub decorations: FxHashMap<IdIndex, Vec<Decoration>>,
    pub functions: Vec<Function>,
    /// Function id -> index into `functions`.
    pub function_index: FxHashMap<IdIndex, usize>,
    /// Global `OpVariable`s with their storage class value.
    pub globals: Vec<(IdIndex, u32)>,
    /// The name `OpName` gives an id (the string's range, without quotes).
    pub names: FxHashMap<IdIndex, TextRange>,
}

impl Facts {
    pub fn type_of(&self, value: IdIndex) -> Option<&Type> {
        self.types.get(self.value_types.get(&value)?)
    }

    /// The function an instruction index lies in (functions are sorted by position).
    pub fn function_containing(&self, instruction: u32) -> Option<usize> {
        let after = self.functions.partition_point(|f| f.start <= instruction);
        let f = after.checked_sub(1)?;
        (instruction <= self.functions[f].end).then_some(f)
    }

    pub fn has_capability(&self, name: &str) -> bool {
        self.enabled_capabilities.contains(name)
    }

    /// The scalar (or the vector's component) type of a type.
    pub fn scalar_of<'a>(&'a self, ty: &'a Type) -> Option<&'a Type> {
        match ty {
            Type::Vector { component, .. } => self.types.get(component),
            other => Some(other),
        }
    }

    /// Addressing width in bits: 32 for Physical32, 64 for Physical64.
    pub fn address_bits(&self) -> Option<u32> {
        match self.memory_model?.0 {
            1 => Some(32),
            2 => Some(64),
            _ => None,
        }
    }
}

fn int(value: Option<Value>) -> Option<u64> {
    match value? {
        Value::Int(v) => Some(v),
        _ => None,
    }
}

fn id(value: Option<Value>) -> Option<IdIndex> {
    match value? {
        Value::Id(i) => Some(i),
        _ => None,
    }
}

fn enumerant(value: Option<Value>) -> Option<u32> {
    match value? {
        Value::Enum(v) => Some(v),
        _ => None,
    }
}

pub fn gather(module: &Module, text: &str) -> Facts {
    // Every result gets a value type: sized once rather than rehashed as it grows.
    let results = module.ids.len();
    let mut facts = Facts {
        value_types: FxHashMap::with_capacity_and_hasher(results, Default::default()),
        ..Facts::default()
    };
    let mut current_function: Option<usize> = None;
    for (index, inst) in module.instructions.iter().enumerate() {
        let index = index as u32;
        let Some(opcode) = inst.opcode else { continue };
        let ops = module.operands(inst);
        let value = |i: usize| ops.get(i).map(|o| o.value);
        enter_local(&mut facts, module, inst, index, current_function);
        match opcode.name {
            "OpCapability" => {
                if let Some(enumerant) = enumerant(value(0))
                    .and_then(|v| grammar::operand_kind("Capability")?.enumerant_by_value(v))
                {
                    facts.capabilities.push((enumerant.name, index));
                    facts
                        .enabled_capabilities
                        .extend(grammar::implied_capabilities(enumerant.name));
                }
            }
            "OpName" => {
                if let (Some(target), Some(Value::Str(range))) = (id(value(0)), value(1)) {
                    facts.names.insert(target, range.range());
                }
            }
            "OpExtension" => {
                if let Some(super::module::Value::Str(range)) = value(0) {
                    facts.extensions.push((range.text(text).to_string(), index));
                }
            }
            "OpMemoryModel" => {
                if let (Some(a), Some(m)) = (enumerant(value(0)), enumerant(value(1))) {
                    facts.memory_model = Some((a, m, index));
                }
            }
            "OpEntryPoint" => {
                if let (Some(model), Some(function)) = (enumerant(value(0)), id(value(1))) {
                    let name = match value(2) {
                        Some(Value::Str(range)) => range.text(text).to_string(),
                        _ => String::new(),
                    };
                    facts.entry_points.push(EntryPoint {
                        instruction: index,
                        model,
                        function,
                        name,
                    });
                }
            }
            "OpDecorate" | "OpDecorateId" => {
                if let (Some(target), Some(kind)) = (id(value(0)), enumerant(value(1))) {
                    let parameter = match value(2) {
                        Some(Value::Int(v)) => Some(v),
                        Some(Value::Enum(v)) => Some(u64::from(v)),
                        _ => None,
                    };
                    facts
                        .decorations
                        .entry(target)
                        .or_default()
                        .push(Decoration {
                            kind,
                            parameter,
                            instruction: index,
                        });
                }
            }
            "OpVariable" if current_function.is_none() => {
                if let (Some(result), Some(storage)) = (inst.result, enumerant(value(0))) {
                    facts.globals.push((result, storage));
                }
            }
            "OpFunction" => {
                if let Some(result) = inst.result {
                    facts.function_index.insert(result, facts.functions.len());
                    current_function = Some(facts.functions.len());
                    facts.functions.push(Function {
                        id: result,
                        start: index,
                        end: index,
                        parameters: Vec::new(),
                        defined: false,
                        calls: Vec::new(),
                    });
                }
            }
            "OpFunctionParameter" => {
                if let (Some(f), Some(result)) = (current_function, inst.result) {
                    facts.functions[f].parameters.push(result);
                }
            }
            "OpFunctionEnd" => {
                if let Some(f) = current_function.take() {
                    facts.functions[f].end = index;
                }
            }
            _ => {}
        }
        if opcode.class == "Type-Declaration" {
            if let (Some(result), Some(ty)) = (inst.result, read_type(opcode.name, ops)) {
                facts.types.insert(result, ty);
            }
        }
    }
    if let Some(f) = current_function {
        facts.functions[f].end = module.instructions.len().saturating_sub(1) as u32;
    }
    facts
}

/// What instruction `index` adds to the facts of the kind a function body may hold as well
/// as the module: its value's type, an integer constant, and for the body of `function` a
/// label (the function is defined) or a call.
fn enter_local(
    facts: &mut Facts,
    module: &Module,
    inst: &super::module::Instruction,
    index: u32,
    function: Option<usize>,
) {
    let Some(opcode) = inst.opcode else { return };
    let value = |i: usize| module.operands(inst).get(i).map(|o| o.value);
    if let (Some(result), Some(ty)) = (inst.result, inst.result_type) {
        facts.value_types.insert(result, ty);
    }
    match opcode.name {
        "OpConstant" | "OpSpecConstant" => {
            // `OpConstant %float 1` reads as the integer 1: only integer types count.
            let integer = inst
                .result_type
                .and_then(|t| facts.types.get(&t))
                .is_some_and(|t| matches!(t, Type::Int { .. }));
            if let (true, Some(result), Some(v)) = (integer, inst.result, int(value(0))) {
                facts.int_constants.insert(result, v);
            }
        }
        "OpLabel" => {
            if let Some(f) = function {
                facts.functions[f].defined = true;
            }
        }
        "OpFunctionCall" => {
            if let (Some(f), Some(callee)) = (function, id(value(0))) {
                facts.functions[f].calls.push((callee, index));
            }
        }
        _ => {}
    }
}

/// The facts of a module one function's body of which changed (`incremental`), from those
/// of the module before: the results the old body defined (`old_results`, numbered as then)
/// are taken out, the new body (`body`, instructions of `module` as it is now) entered, and
/// instruction indices after the old function's last (`old_last`) moved by `delta`, text
/// ranges by `moved`. What `gather` gives provided the body holds only instructions of a
/// function body (no declarations, types, names, decorations or OpFunction*), nothing
/// outside the body defines an id it defines (before or after), and no id is numbered anew
/// but those it defines.
pub fn respliced(
    mut facts: Facts,
    module: &Module,
    function: usize,
    old_results: &[IdIndex],
    body: std::ops::Range<usize>,
    (old_last, delta): (u32, i64),
    moved: impl Fn(TextRange) -> TextRange,
) -> Facts {
    let shift = |index: &mut u32| {
        if *index > old_last {
            *index = (*index as i64 + delta) as u32;
        }
    };
    for id in old_results {
        facts.value_types.remove(id);
        facts.int_constants.remove(id);
    }
    let f = &mut facts.functions[function];
    f.end = body.end as u32;
    f.defined = false;
    f.calls.clear();
    for (index, inst) in module.instructions[body.clone()].iter().enumerate() {
        let index = (body.start + index) as u32;
        enter_local(&mut facts, module, inst, index, Some(function));
    }
    for f in &mut facts.functions[function + 1..] {
        shift(&mut f.start);
        shift(&mut f.end);
        for (_, call) in &mut f.calls {
            shift(call);
        }
    }
    for (_, index) in &mut facts.capabilities {
        shift(index);
    }
    for (_, index) in &mut facts.extensions {
        shift(index);
    }
    if let Some((_, _, index)) = &mut facts.memory_model {
        shift(index);
    }
    for entry in &mut facts.entry_points {
        shift(&mut entry.instruction);
    }
    for list in facts.decorations.values_mut() {
        for decoration in list {
            shift(&mut decoration.instruction);
        }
    }
    for range in facts.names.values_mut() {
        *range = moved(*range);
    }
    facts
}

fn read_type(name: &'static str, ops: &[super::module::Operand]) -> Option<Type> {
    let value = |i: usize| ops.get(i).map(|o| o.value);
    Some(match name {
        "OpTypeVoid" => Type::Void,
        "OpTypeBool" => Type::Bool,
        "OpTypeInt" => Type::Int {
            width: int(value(0))? as u32,
            signed: int(value(1))? != 0,
        },
        "OpTypeFloat" => Type::Float {
            width: int(value(0))? as u32,
        },
        "OpTypeVector" => Type::Vector {
            component: id(value(0))?,
            count: int(value(1))? as u32,
        },
        "OpTypeMatrix" => Type::Matrix {
            column: id(value(0))?,
            count: int(value(1))? as u32,
        },
        "OpTypeArray" => Type::Array {
            element: id(value(0))?,
            length: id(value(1))?,
        },
        "OpTypeRuntimeArray" => Type::RuntimeArray {
            element: id(value(0))?,
        },
        "OpTypeStruct" => Type::Struct {
            members: ops.iter().filter_map(|o| id(Some(o.value))).collect(),
        },
        "OpTypePointer" => Type::Pointer {
            storage: enumerant(value(0))?,
            pointee: id(value(1))?,
        },
        "OpTypeFunction" => Type::Function {
            result: id(value(0))?,
            parameters: ops
                .iter()
                .skip(1)
                .filter_map(|o| id(Some(o.value)))
                .collect(),
        },
        "OpTypeImage" => Type::Image(ImageType {
            sampled_type: id(value(0))?,
            dim: enumerant(value(1))?,
            depth: int(value(2))?,
            arrayed: int(value(3))?,
            multisampled: int(value(4))?,
            sampled: int(value(5))?,
            format: enumerant(value(6))?,
            access: enumerant(value(7)),
        }),
        "OpTypeSampler" => Type::Sampler,
        "OpTypeSampledImage" => Type::SampledImage {
            image: id(value(0))?,
        },
        other => Type::Opaque(other),
    })
}

/// `uint`, `v3ulong`, `_ptr_CrossWorkgroup_uint`-like short spelling of a type, for messages.
pub fn describe(facts: &Facts, ty: IdIndex, depth: u32) -> String {
    let Some(t) = facts.types.get(&ty) else {
        return "an unknown type".into();
    };
    if depth > 4 {
        return "…".into();
    }
    match t {
        Type::Void => "void".into(),
        Type::Bool => "bool".into(),
        Type::Int { width, signed } => format!("{}int{width}", if *signed { "" } else { "u" }),
        Type::Float { width } => format!("float{width}"),
        Type::Vector { component, count } => {
            format!("{}x{count}", describe(facts, *component, depth + 1))
        }
        Type::Matrix { column, count } => {
            format!("matrix of {count} {}", describe(facts, *column, depth + 1))
        }
        Type::Array { element, .. } => format!("array of {}", describe(facts, *element, depth + 1)),
        Type::RuntimeArray { element } => {
            format!("runtime array of {}", describe(facts, *element, depth + 1))
        }
        Type::Struct { members } => format!("struct of {} members", members.len()),
        Type::Pointer { storage, pointee } => format!(
            "pointer to {} in {}",
            describe(facts, *pointee, depth + 1),
            storage_class_name(*storage)
        ),
        Type::Function { .. } => "a function type".into(),
        Type::Image(_) => "an image".into(),
        Type::Sampler => "a sampler".into(),
        Type::SampledImage { .. } => "a sampled image".into(),
        Type::Opaque(name) => name.trim_start_matches("OpType").to_string(),
    }
}

pub fn storage_class_name(value: u32) -> &'static str {
    grammar::operand_kind("StorageClass")
        .and_then(|k| k.enumerant_by_value(value))
        .map_or("an unknown storage class", |e| e.name)
}

pub fn enumerant_name(kind: &str, value: u32) -> &'static str {
    grammar::operand_kind(kind)
        .and_then(|k| k.enumerant_by_value(value))
        .map_or("?", |e| e.name)
}
