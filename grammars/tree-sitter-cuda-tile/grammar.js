/**
 * @file Tree-sitter grammar for the textual (MLIR) form of NVIDIA Tile IR, the
 *       `cuda_tile` dialect (Tile IR 13.1 - 13.3)
 * @license MIT OR Apache-2.0
 *
 * The node kinds and field names used here are a contract with the analysis
 * core: see NODES.md before renaming anything.
 *
 * Design: operations are parsed generically, MLIR style. An operation is
 *
 *   [results '='] op_name operand-section [':' types [trailer]] [regions] [loc(...)]
 *
 * where the operand section is a flat sequence of values, keywords,
 * attributes, literals and bracketed groups. No rule is specific to one op
 * except the symbol-defining ops `cuda_tile.module`, `entry` and `global`.
 * The grammar is not newline sensitive.
 *
 * Where one op ends and the next begins is decided by the tokens: a new op
 * starts with a result list (`%x =`), a dialect-qualified name
 * (`cuda_tile.addf`, `gpu.barrier`), a quoted generic name, or one of the
 * known short op names (OP_NAMES below). After `=` any bare identifier is an
 * op name, so unknown ops parse when their results are bound.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// Short op names of the cuda_tile dialect (Tile IR 13.1 - 13.3) that can
// start an operation without a result list. `module`, `entry` and `global`
// have their own rules. `print` is the 13.1 spelling of `print_tko`.
const OP_NAMES = [
  'absf', 'absi', 'addf', 'addi', 'alloca', 'andi', 'assert', 'assume', 'atan2',
  'atomic_cas_tko', 'atomic_red_view_tko', 'atomic_rmw_tko', 'bitcast', 'break',
  'broadcast', 'cat', 'ceil', 'cmpf', 'cmpi', 'constant', 'continue', 'cos', 'cosh',
  'divf', 'divi', 'exp', 'exp2', 'exti', 'extract', 'floor', 'fma', 'for', 'ftof',
  'ftoi', 'get_global', 'get_index_space_shape', 'get_num_tile_blocks',
  'get_tensor_shape', 'get_tile_block_id', 'if', 'int_to_ptr', 'iota', 'itof',
  'join_tokens', 'load_ptr_tko', 'load_view_tko', 'log', 'log2', 'loop',
  'make_gather_scatter_view', 'make_partition_view', 'make_strided_view',
  'make_tensor_view', 'make_token', 'maxf', 'maxi', 'minf', 'mini', 'mmaf',
  'mmaf_scaled', 'mmai', 'mulf', 'mulhii', 'muli', 'negf', 'negi', 'offset', 'ori',
  'pack', 'permute', 'pow', 'print', 'print_tko', 'ptr_to_int', 'ptr_to_ptr',
  'reduce', 'remf', 'remi', 'reshape', 'return', 'rsqrt', 'scan', 'select', 'shli',
  'shri', 'sin', 'sinh', 'sqrt', 'store_ptr_tko', 'store_view_tko', 'subf', 'subi',
  'tan', 'tanh', 'trunci', 'unpack', 'xori', 'yield',
];

// Element types of Tile IR 13.1 - 13.3. Other names are accepted where an
// element type is expected inside tile<>, ptr<> and tensor_view<> (the
// analysis core checks them).
const ELEMENT_TYPES = [
  'i1', 'i4', 'i8', 'i16', 'i32', 'i64',
  'f16', 'bf16', 'f32', 'tf32', 'f64',
  'f8E4M3FN', 'f8E5M2', 'f8E8M0FNU', 'f4E2M1FN',
];

const ID = /[a-zA-Z_][a-zA-Z0-9_$]*/;

function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

function commaSep(rule) {
  return optional(commaSep1(rule));
}

// `cuda_tile` short spelling or `!cuda_tile.` long spelling of a type keyword.
function typeKeyword(name) {
  return choice(name, '!cuda_tile.' + name);
}

const TYPE_KEYWORDS = [
  'tile', 'ptr', 'token', 'tensor_view', 'partition_view', 'strided_view',
  'gather_scatter_view',
];

module.exports = grammar({
  name: 'cuda_tile',

  // No `word` token: keyword extraction would lex `x8xf16` in `tile<4x8xf16>`
  // as one identifier. Lexing is context aware instead.
  extras: $ => [/\s/, $.split_marker, $.comment],

  // `_result_list_start` (src/scanner.c) is an empty token in front of
  // `%a, %b:2 =`: the scanner looks ahead to the `=`, so a value after an
  // operand never has to be tried as the start of the next operation.
  // `_error_sentinel` is never used: it tells the scanner that tree-sitter
  // is recovering from an error.
  externals: $ => [$._result_list_start, $._error_sentinel],

  conflicts: $ => [
    [$.operation],
    [$.region, $.dictionary],
    [$._known_op_name, $.named_attribute],
  ],

  rules: {
    source_file: $ => repeat($._top_level_item),

    // One token for all known short op names (keeps the parse tables small).
    // Defined before `_identifier`, so it wins where both are valid.
    _op_name_token: _ => token(choice(...OP_NAMES)),

    _top_level_item: $ => choice(
      $.module,
      $.entry,
      $.global,
      $.operation,
      $.type_alias_definition,
      $.attribute_alias_definition,
    ),

    // ------------------------------------------------------------------
    // Comments

    // `// -----`: the split marker of MLIR test files (`-split-input-file`).
    // Same length as the comment token on such a line; it wins by coming
    // first. A longer line (`// ----- x`) is a comment.
    split_marker: _ => token(/\/\/[ \t]*-----[ \t]*/),

    comment: _ => token(seq('//', /[^\n]*/)),

    // ------------------------------------------------------------------
    // Aliases

    type_alias_definition: $ => seq(
      field('name', $.type_alias),
      '=',
      field('value', choice($.type, $.function_type)),
    ),

    attribute_alias_definition: $ => seq(
      field('name', $.attribute_alias),
      '=',
      field('value', $._attribute_value),
    ),

    // ------------------------------------------------------------------
    // Symbol-defining ops

    module: $ => seq(
      choice('cuda_tile.module', 'module', 'builtin.module'),
      optional(field('name', $.symbol)),
      optional(seq('attributes', field('attributes', $.dictionary))),
      field('body', $.module_body),
      optional(field('location', $.location)),
    ),

    module_body: $ => seq('{', repeat($._module_item), '}'),

    _module_item: $ => choice($.module, $.entry, $.global, $.operation),

    entry: $ => seq(
      choice('entry', 'cuda_tile.entry'),
      field('name', $.symbol),
      field('parameters', $.block_argument_list),
      optional(seq('->', field('result_types', $.type_list))),
      repeat(choice(
        seq('attributes', field('attributes', $.dictionary)),
        field('attribute', alias($._named_argument, $.named_attribute)),
      )),
      field('body', $.region),
      optional(field('location', $.location)),
    ),

    // `global` is also a unit flag of `alloca` (an operand keyword); where a
    // global definition also fits, it wins (dynamic precedence).
    global: $ => prec.dynamic(10, seq(
      choice('global', 'cuda_tile.global'),
      optional(field('visibility', $.visibility)),
      optional(field('constant', 'constant')),
      field('name', $.symbol),
      optional(seq('alignment', '=', field('alignment', $.integer_literal))),
      optional(field('attributes', $.dictionary)),
      $._global_initializer,
    )),

    _global_initializer: $ => seq(
      field('value', $.dense_attribute),
      ':',
      field('type', $.type),
      optional(field('location', $.location)),
    ),

    visibility: _ => choice('public', 'private', 'nested'),

    // ------------------------------------------------------------------
    // Operations

    operation: $ => choice(
      seq(
        $._custom_head,
        optional(field('operand', $.string_literal)),
        repeat(choice($._operand_item, $._comma_item)),
        optional(choice($._type_section, $._regions)),
        optional(field('location', $.location)),
      ),
      seq(
        optional(seq($._result_list_start, field('results', $.result_list), '=')),
        $._generic_body,
      ),
    ),


    // Custom (pretty) form: results and any op name, or a known op name.
    // Then the operand section, the type section, regions and a location.
    _custom_head: $ => choice(
      seq($._result_list_start, field('results', $.result_list), '=', field('name', $._any_op_name)),
      field('name', $._known_op_name),
    ),

    // `: types`, then `-> types`, `iter_values(...)`, regions (the first may
    // have block arguments, as in reduce and scan).
    _type_section: $ => seq(
      ':',
      field('types', $.type_list),
      repeat($._trailer_item),
      optional(seq(
        field('region', choice($.region, alias($._region_with_arguments, $.region))),
        repeat(seq(optional('else'), field('region', $.region))),
      )),
    ),

    result_list: $ => commaSep1($.result),

    // `%x`, or `%x:2` for an op with several results bound to one name.
    result: $ => seq(
      field('name', alias($.value_use, $.value_name)),
      optional(seq(':', field('count', $.integer_literal))),
    ),

    _known_op_name: $ => choice(
      alias($._op_name_token, $.op_name),
      // Only for signature-like listings (`cuda_tile.entry %sym_name ...`):
      // where the module, entry and global rules can go on, they win.
      ...['cuda_tile.module', 'cuda_tile.entry', 'cuda_tile.global']
        .map(name => prec(-1, alias(name, $.op_name))),
      alias($._dotted_name, $.op_name),
    ),

    _any_op_name: $ => choice(
      $._known_op_name,
      alias($._identifier, $.op_name),
    ),

    // A comma, optionally followed by an operand that is only allowed right
    // after a comma: a string, or a word that is also an op name (`addf` as
    // an atomic mode).
    _comma_item: $ => prec.right(seq(
      ',',
      optional(field('operand', choice(
        $.string_literal,
        alias($._op_name_token, $.keyword),
      ))),
    )),

    _operand_item: $ => choice(
      field('operand', choice(
        $.value_use,
        $.symbol,
        $.block_id,
        $.keyword,
        alias('global', $.keyword),
        $.attribute,
        $.attribute_alias,
        $.dense_attribute,
        alias($._named_argument, $.named_attribute),
        $.array,
        $.group,
        $.dictionary,
        $.integer_literal,
        $.float_literal,
        $.boolean_literal,
      )),
      seq('->', field('result_types', $.type_list)),
    ),

    // What may follow the type section: `-> types`, `iter_values(...)`.
    _trailer_item: $ => choice(
      seq('->', field('result_types', $.type_list)),
      prec.right(seq(
        field('operand', $.keyword),
        optional(field('operand', $.group)),
      )),
    ),

    _regions: $ => seq(
      field('region', $.region),
      repeat(seq(optional('else'), field('region', $.region))),
    ),

    keyword: $ => $._identifier,

    // `name = value` in an operand section: `dim = 0`, `token = %t`,
    // `shape = [2, 4]`, `optimization_hints = <sm_100 = {...}>`.
    _named_argument: $ => seq(
      field('name', alias(choice($._identifier, 'token'), $.identifier)),
      '=',
      field('value', $._argument_value),
    ),

    _argument_value: $ => choice(
      $._attribute_value,
      $.value_use,
    ),

    // `( ... )` in an operand section: `(%lb to %ub, step %s)`,
    // `iter_values(%v = %init)`.
    group: $ => seq(
      '(',
      repeat(choice(
        $._operand_item,
        field('operand', choice($.value_binding, $.string_literal)),
        ',',
      )),
      ')',
    ),

    // `%v = %init` inside a group (loop-carried values).
    value_binding: $ => seq(
      field('name', alias($.value_use, $.value_name)),
      '=',
      field('value', $._argument_value),
    ),

    // Generic form: "dialect.op"(%a, %b) [^succ] <{props}> ({regions}) {attrs} : (T) -> T
    _generic_body: $ => prec.dynamic(10, seq(
      field('name', alias($.string_literal, $.op_name)),
      '(',
      commaSep(field('operand', $.value_use)),
      ')',
      choice($._generic_successors, $._generic_properties, $._generic_regions,
        $._generic_attributes, $._generic_signature),
    )),

    // The optional parts of the generic form, chained (keeps the tables small).
    _generic_successors: $ => seq(
      '[', commaSep(field('successor', $.block_id)), ']',
      choice($._generic_properties, $._generic_regions, $._generic_attributes,
        $._generic_signature),
    ),

    _generic_properties: $ => seq(
      field('properties', $.properties),
      choice($._generic_regions, $._generic_attributes, $._generic_signature),
    ),

    _generic_regions: $ => seq(
      '(', commaSep1(field('region', $.region)), ')',
      choice($._generic_attributes, $._generic_signature),
    ),

    _generic_attributes: $ => seq(
      field('attributes', $.dictionary),
      $._generic_signature,
    ),

    _generic_signature: $ => seq(
      ':',
      field('types', $.type_list),
      '->',
      field('result_types', $.type_list),
      optional(field('location', $.location)),
    ),

    properties: $ => seq('<', $.dictionary, '>'),

    // ------------------------------------------------------------------
    // Regions and blocks

    // An empty `{}` or `{x.y}` could also be an attribute dictionary in an
    // operand section; the region reading wins where both fit.
    region: $ => prec.dynamic(1, seq('{', optional($._region_body), '}')),

    // `(%a: tile<f32>, %b: tile<f32>) { ... }` after the type section
    // (reduce, scan): the arguments of the region's entry block.
    _region_with_arguments: $ => seq(
      field('arguments', $.block_argument_list),
      '{',
      optional($._region_body),
      '}',
    ),

    _region_body: $ => choice(
      seq(alias($._unlabeled_block, $.block), repeat($.block)),
      repeat1($.block),
    ),

    _unlabeled_block: $ => repeat1($.operation),

    block: $ => seq(
      field('label', $.block_label),
      repeat($.operation),
    ),

    block_label: $ => seq(
      field('name', $.block_id),
      optional(field('arguments', $.block_argument_list)),
      ':',
    ),

    block_argument_list: $ => seq('(', commaSep($.block_argument), ')'),

    block_argument: $ => seq(
      field('name', alias($.value_use, $.value_name)),
      ':',
      field('type', $.type),
      optional(field('attributes', $.dictionary)),
      optional(field('location', $.location)),
    ),

    // ------------------------------------------------------------------
    // Types

    type_list: $ => choice(
      prec.right(commaSep1($.type)),
      seq('(', commaSep($.type), ')'),
    ),

    type: $ => choice(
      $.tile_type,
      $.pointer_type,
      $.tensor_view_type,
      $.partition_view_type,
      $.strided_view_type,
      $.gather_scatter_view_type,
      $.token_type,
      $.element_type,
      $.type_alias,
      $.dialect_type,
    ),

    // One token for the known names (fewer reductions); defined before
    // `_identifier`, so it wins where both are valid.
    element_type: _ => choice(...ELEMENT_TYPES),

    // An element type inside tile<>, ptr<>, tensor_view<>: also other names.
    _element_type: $ => choice($.element_type, alias($._identifier, $.element_type)),

    tile_type: $ => seq(
      $._tile_keyword,
      '<',
      optional(field('shape', $.shape)),
      field('element_type', choice($._element_type, $.pointer_type, $.type_alias)),
      '>',
    ),

    // `4x8x` in tile<4x8xf16>: the dimensions with their `x` separators.
    shape: $ => repeat1(seq($.dimension, $._x)),

    // `4x2` in partition_view<tile=(4x2), ...>
    _tile_shape: $ => seq($.dimension, repeat(seq($._x, $.dimension))),

    _x: _ => token.immediate('x'),

    dimension: _ => /[0-9]+|\?/,

    pointer_type: $ => seq(
      $._ptr_keyword,
      '<',
      field('pointee', choice($._element_type, $.type_alias)),
      '>',
    ),

    token_type: _ => typeKeyword('token'),

    tensor_view_type: $ => seq(
      $._tensor_view_keyword,
      '<',
      $._shaped_element,
      optional($._strides),
      '>',
    ),

    _shaped_element: $ => seq(
      optional(field('shape', $.shape)),
      field('element_type', $._element_type),
    ),

    _strides: $ => seq(',', 'strides', '=', field('strides', $.dimension_list)),

    partition_view_type: $ => seq($._partition_view_keyword, $._view_parameters),
    strided_view_type: $ => seq($._strided_view_keyword, $._view_parameters),
    gather_scatter_view_type: $ => seq($._gather_scatter_view_keyword, $._view_parameters),

    _view_parameters: $ => seq(
      '<',
      commaSep1($._view_parameter),
      optional(','),
      '>',
    ),

    _view_parameter: $ => choice(
      seq('tile', '=', '(', field('tile', alias($._tile_shape, $.shape)), ')'),
      field('tensor_view', choice($.tensor_view_type, $.type_alias)),
      seq('dim_map', '=', field('dim_map', $.dimension_list)),
      seq('traversal_strides', '=', field('traversal_strides', $.dimension_list)),
      seq('padding_value', '=', field('padding_value', alias($._identifier, $.padding_value))),
      seq('sparse_dim', '=', field('sparse_dim', $.integer_literal)),
    ),

    dimension_list: $ => seq('[', commaSep($.dimension), optional(','), ']'),

    // `(T, T) -> T`: in alias definitions and attribute values. In an op's
    // type section `: (T) -> T` is a type_list and result types instead.
    function_type: $ => seq(
      field('inputs', alias($._parenthesized_types, $.type_list)),
      '->',
      field('results', choice(alias($._parenthesized_types, $.type_list), $.type)),
    ),

    _parenthesized_types: $ => seq('(', commaSep($.type), ')'),

    type_alias: _ => token(seq('!', ID)),

    // `!dialect.name` or `!dialect.name<...>` of another dialect.
    dialect_type: $ => seq(
      field('name', $.dialect_type_name),
      optional(field('body', $.attribute_body)),
    ),

    dialect_type_name: _ => token(seq('!', ID, repeat1(seq('.', /[a-zA-Z0-9_$]+/)))),

    // `tile` or `!cuda_tile.tile`, ... (own rules: keeps the tables small)
    ...Object.fromEntries(TYPE_KEYWORDS.filter(k => k !== 'token')
      .map(k => ['_' + k + '_keyword', _ => typeKeyword(k)])),

    // ------------------------------------------------------------------
    // Attributes

    _attribute_value: $ => choice(
      $.integer_literal,
      $.float_literal,
      $.boolean_literal,
      $.string_literal,
      $.array,
      $.dictionary,
      $.dense_attribute,
      $.attribute,
      alias($.bare_attribute, $.attribute),
      $.attribute_alias,
      $.symbol,
      $.type,
      $.function_type,
      $.location,
      $.keyword,
    ),

    // `rounding<approx>`, `div_by<32, every 4 along 0>`,
    // `#cuda_tile.div_by<16>`, `#cuda_tile.foo` (no body).
    attribute: $ => choice(
      seq(
        field('name', alias($._identifier, $.attribute_name)),
        field('body', $.attribute_body),
      ),
      seq(
        field('name', alias($._dialect_attribute_name, $.attribute_name)),
        optional(field('body', $.attribute_body)),
      ),
    ),

    // `<sm_100 = {...}>` without a name (after `optimization_hints =`).
    bare_attribute: $ => seq(
      field('body', alias($._bare_attribute_body, $.attribute_body)),
    ),

    _dialect_attribute_name: _ => token(seq('#', ID, repeat1(seq('.', /[a-zA-Z0-9_$]+/)))),

    attribute_alias: _ => token(seq('#', ID)),

    attribute_body: $ => seq(
      token.immediate('<'),
      repeat($._attribute_body_item),
      '>',
    ),

    _bare_attribute_body: $ => seq(
      '<',
      choice(alias($._named_argument, $.named_attribute), $.keyword),
      repeat($._attribute_body_item),
      '>',
    ),

    _attribute_body_item: $ => choice(
      $._attribute_value,
      $.value_use,
      alias($._named_argument, $.named_attribute),
      ',',
      ':',
      '?',
    ),


    // `<f32: [1.0, 2.0]>`, `<i1: true>`, `dense<2.0>`, `dense<[0.0, 1.0]>`.
    dense_attribute: $ => choice(
      seq(
        '<',
        field('element_type', $._dense_element_type),
        ':',
        field('value', $._dense_value),
        '>',
      ),
      seq(
        'dense',
        token.immediate('<'),
        field('value', $._dense_value),
        '>',
      ),
    ),

    _dense_element_type: $ => choice($.element_type, $.pointer_type, $.type_alias),

    _dense_value: $ => choice(
      $.integer_literal,
      $.float_literal,
      $.boolean_literal,
      $.string_literal,
      $.array,
    ),

    array: $ => seq(
      '[',
      commaSep(choice(
        $._argument_value,
        $.typed_literal,
      )),
      optional(','),
      ']',
    ),

    // `0.0 : f32` inside an array or a dictionary.
    typed_literal: $ => seq(
      field('value', choice($.integer_literal, $.float_literal, $.boolean_literal)),
      ':',
      field('type', $.type),
    ),

    dictionary: $ => seq(
      '{',
      commaSep($.named_attribute),
      optional(','),
      '}',
    ),

    // Dictionary entry: `name = value` or a unit attribute `name`.
    named_attribute: $ => seq(
      field('name', choice(
        alias($._identifier, $.identifier),
        alias($._dotted_name, $.identifier),
        $.string_literal,
      )),
      optional(seq('=', field('value', choice($._attribute_value, $.typed_literal)))),
    ),

    // ------------------------------------------------------------------
    // Locations

    location: $ => seq('loc', '(', $._location_body, ')'),

    _location_body: $ => choice(
      alias('unknown', $.unknown_location),
      $.file_location,
      $.name_location,
      $.callsite_location,
      $.fused_location,
      $.attribute_alias,
      $.attribute,
    ),

    // "file.py":10:4, also a range "file.py":10:4 to 12:1 / to :8
    file_location: $ => seq(
      field('file', $.string_literal),
      ':',
      field('line', $.integer_literal),
      ':',
      field('column', $.integer_literal),
      optional(seq(
        'to',
        optional(field('end_line', $.integer_literal)),
        ':',
        field('end_column', $.integer_literal),
      )),
    ),

    name_location: $ => seq(
      field('name', $.string_literal),
      optional(seq('(', field('child', $._location_body), ')')),
    ),

    callsite_location: $ => seq(
      'callsite',
      '(',
      field('callee', $._location_body),
      'at',
      field('caller', $._location_body),
      ')',
    ),

    fused_location: $ => seq(
      'fused',
      optional(seq('<', field('metadata', $._attribute_value), '>')),
      '[',
      commaSep(field('location', $._location_body)),
      ']',
    ),

    // ------------------------------------------------------------------
    // Tokens

    value_use: _ => token(seq('%', /[a-zA-Z0-9_$.\-]+/, optional(seq('#', /[0-9]+/)))),


    symbol: _ => token(seq(
      '@',
      choice(ID, /"([^"\\\n]|\\.)*"/),
      repeat(seq('::@', choice(ID, /"([^"\\\n]|\\.)*"/))),
    )),

    block_id: _ => token(seq('^', /[a-zA-Z0-9_$.\-]+/)),

    _identifier: _ => ID,

    _dotted_name: _ => token(seq(ID, repeat1(seq('.', /[a-zA-Z0-9_$]+/)))),

    integer_literal: _ => token(choice(
      /-?[0-9]+/,
      /0x[0-9a-fA-F]+/,
    )),

    float_literal: _ => token(choice(
      /-?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?/,
      /-?[0-9]+[eE][-+]?[0-9]+/,
    )),

    boolean_literal: _ => choice('true', 'false'),

    string_literal: _ => token(seq('"', repeat(choice(/[^"\\\n]/, /\\./)), '"')),
  },
});
