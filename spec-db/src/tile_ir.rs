//! Tile IR facts: the embedded `tile-ir/**/*.toml` files (validated by the build script), read
//! once on first use and indexed by name.

use crate::tile_ir_model::{
    AssumePredicate, ConstraintFact, ElementType, EnumFact, FormerName, Gpus, LaterName, Op,
    OptimizationHints, TileIrFile, TypeFact,
};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/tile_ir_files.rs"));

/// The Tile IR versions speclint knows, oldest first.
pub const VERSIONS: &[&str] = &["13.1", "13.2", "13.3", "13.4"];
/// The version a module is checked against when neither the settings nor the file name one:
/// the newest the spec-db holds (tileirdisasm prints no version, and cuTile Python writes the
/// newest its tileiras reads).
pub const DEFAULT_VERSION: &str = VERSIONS[VERSIONS.len() - 1];
/// NVIDIA's specification, one copy per release (`{DOCS_BASE}/13.4/sections/…`).
pub const DOCS_BASE: &str = "https://docs.nvidia.com/cuda/tile-ir";

/// The specification's section on op `name` in release `version` (a version the spec-db holds;
/// a newer one gets the newest held, the one it is checked against).
pub fn op_url(version: &str, name: &str) -> String {
    let version = if VERSIONS.contains(&version) {
        version
    } else {
        DEFAULT_VERSION
    };
    format!(
        "{DOCS_BASE}/{version}/sections/operations.html#cuda-tile-{}",
        name.replace('_', "-")
    )
}

/// All Tile IR facts, indexed.
pub struct TileIrDb {
    pub ops: Vec<Op>,
    pub element_types: Vec<ElementType>,
    pub types: Vec<TypeFact>,
    pub constraints: Vec<ConstraintFact>,
    pub enums: Vec<EnumFact>,
    pub optimization_hints: Option<OptimizationHints>,
    pub assume_predicates: Vec<AssumePredicate>,
    /// The GPUs tileiras compiles for.
    pub gpus: Option<Gpus>,
    /// (name, index into `ops`), sorted by name.
    op_index: Vec<(String, usize)>,
}

impl TileIrDb {
    pub fn op(&self, name: &str) -> Option<&Op> {
        self.op_index
            .binary_search_by(|(n, _)| n.as_str().cmp(name))
            .ok()
            .map(|i| &self.ops[self.op_index[i].1])
    }

    /// The op that was called `name` in an earlier version, and that former name.
    pub fn renamed(&self, name: &str) -> Option<(&Op, &FormerName)> {
        self.ops.iter().find_map(|op| {
            let former = op.former_name.iter().find(|f| f.name == name)?;
            Some((op, former))
        })
    }

    /// The op that tools newer than the spec print as `name`, and that later name.
    pub fn later_named(&self, name: &str) -> Option<(&Op, &LaterName)> {
        self.ops.iter().find_map(|op| {
            let later = op.later_name.iter().find(|l| l.name == name)?;
            Some((op, later))
        })
    }

    pub fn element_type(&self, name: &str) -> Option<&ElementType> {
        self.element_types.iter().find(|e| e.name == name)
    }

    pub fn type_fact(&self, name: &str) -> Option<&TypeFact> {
        self.types.iter().find(|t| t.name == name)
    }

    pub fn enum_fact(&self, name: &str) -> Option<&EnumFact> {
        self.enums.iter().find(|e| e.name == name)
    }

    /// The `assume` predicate written `name` (`div_by`).
    pub fn assume_predicate(&self, name: &str) -> Option<&AssumePredicate> {
        self.assume_predicates.iter().find(|p| p.name == name)
    }

    /// The enum whose mnemonic wraps a case in the IR (`rounding` in `rounding<zero>`).
    pub fn enum_by_mnemonic(&self, mnemonic: &str) -> Option<&EnumFact> {
        self.enums
            .iter()
            .find(|e| e.mnemonic.as_deref() == Some(mnemonic))
    }
}

/// The database, read from the embedded files on first use.
pub fn db() -> &'static TileIrDb {
    static DB: OnceLock<TileIrDb> = OnceLock::new();
    DB.get_or_init(|| {
        let mut all = TileIrFile::default();
        for (name, text) in TILE_IR_FILES {
            // The build script has validated every file; a failure here is a build bug.
            let file: TileIrFile = toml::from_str(text)
                .unwrap_or_else(|e| panic!("tile-ir/{name} failed to load: {e}"));
            all.version.extend(file.version);
            all.element_type.extend(file.element_type);
            all.types.extend(file.types);
            all.constraint.extend(file.constraint);
            all.enums.extend(file.enums);
            all.op.extend(file.op);
            all.optimization_hints = all.optimization_hints.or(file.optimization_hints);
            all.assume_predicate.extend(file.assume_predicate);
            all.gpus = all.gpus.or(file.gpus);
        }
        for (index, op) in all.op.iter_mut().enumerate() {
            op.index = index;
        }
        let mut op_index: Vec<(String, usize)> = all
            .op
            .iter()
            .enumerate()
            .map(|(i, op)| (op.name.clone(), i))
            .collect();
        op_index.sort();
        TileIrDb {
            ops: all.op,
            element_types: all.element_type,
            types: all.types,
            constraints: all.constraint,
            enums: all.enums,
            optimization_hints: all.optimization_hints,
            assume_predicates: all.assume_predicate,
            gpus: all.gpus,
            op_index,
        }
    })
}

/// Orders versions `"13.1" < "13.2" < "13.10"`.
pub fn version_key(version: &str) -> (u32, u32) {
    let (major, rest) = version.split_once('.').unwrap_or((version, ""));
    let minor = rest.split_once('.').map_or(rest, |(minor, _)| minor);
    (major.parse().unwrap_or(0), minor.parse().unwrap_or(0))
}
