/**
 * @file Tree-sitter grammar for NVIDIA PTX (ISA 9.0)
 * @license MIT OR Apache-2.0
 *
 * The node kinds and field names used here are a contract with the analysis
 * core: see NODES.md before renaming anything.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const PREC = {
  conditional: 1,
  logical_or: 2,
  logical_and: 3,
  bit_or: 4,
  bit_xor: 5,
  bit_and: 6,
  equality: 7,
  relational: 8,
  shift: 9,
  additive: 10,
  multiplicative: 11,
  unary: 12,
};

const STATE_SPACES = ['.reg', '.sreg', '.const', '.global', '.local', '.param', '.shared', '.tex'];

const TYPES = [
  '.s8', '.s16', '.s32', '.s64',
  '.u8', '.u16', '.u32', '.u64',
  '.b8', '.b16', '.b32', '.b64', '.b128',
  '.f16', '.f16x2', '.f32', '.f64',
  '.bf16', '.bf16x2', '.tf32',
  '.e4m3', '.e5m2', '.e4m3x2', '.e5m2x2',
  '.e2m1', '.e2m3', '.e3m2', '.e2m1x2', '.e2m3x2', '.e3m2x2', '.ue8m0', '.ue8m0x2', '.ue5m3x2',
  '.s2f6x2', '.s4', '.u4', '.s16x2', '.u16x2',
  '.pred',
  '.texref', '.samplerref', '.surfref',
];

const DEC_DIGITS = /[0-9]+/;

function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

function operandList(rule, depth) {
  if (depth === 0) {
    return seq(rule, repeat(seq(',', rule)));
  }
  return seq(rule, optional(seq(',', operandList(rule, depth - 1))));
}

function commaSep(rule) {
  return optional(commaSep1(rule));
}

module.exports = grammar({
  name: 'ptx',

  extras: $ => [/\s/, $.comment],

  word: $ => $.identifier,

  supertypes: $ => [],

  conflicts: $ => [],

  inline: $ => [
    $._statement,
    $._top_level_item,
    $._function_header,
    $._operand,
    $._address_offset,
    $._texture_element,
    $._loc_attribute,
  ],

  rules: {
    source_file: $ => repeat($._top_level_item),

    _top_level_item: $ => choice(
      $.version_directive,
      $.target_directive,
      $.address_size_directive,
      $.variable_declaration,
      $.function_definition,
      $.function_declaration,
      $.alias_directive,
      $.file_directive,
      $.loc_directive,
      $.section_directive,
      $.dwarf_directive,
      $.pragma_directive,
    ),

    // ------------------------------------------------------------------
    // Module directives

    version_directive: $ => seq('.version', field('version', $.version_number)),
    version_number: _ => /[0-9]+\.[0-9]+/,

    target_directive: $ => seq(
      '.target',
      commaSep1(field('target', alias($.identifier, $.target_name))),
    ),

    address_size_directive: $ => seq('.address_size', field('size', $.integer_literal)),

    alias_directive: $ => seq(
      '.alias',
      field('alias', $.identifier),
      ',',
      field('aliasee', $.identifier),
      ';',
    ),

    pragma_directive: $ => seq('.pragma', commaSep1($.string_literal), ';'),

    // ------------------------------------------------------------------
    // Debug directives

    file_directive: $ => seq(
      '.file',
      field('index', $.integer_literal),
      field('path', $.string_literal),
      optional(seq(',', field('timestamp', $.integer_literal), ',', field('size', $.integer_literal))),
    ),

    loc_directive: $ => seq(
      '.loc',
      field('file', $.integer_literal),
      field('line', $.integer_literal),
      field('column', $.integer_literal),
      repeat(seq(',', $._loc_attribute)),
    ),

    _loc_attribute: $ => choice($.function_name_attribute, $.inlined_at_attribute),

    function_name_attribute: $ => seq('function_name', field('value', $._dwarf_expression)),

    inlined_at_attribute: $ => seq(
      'inlined_at',
      field('file', $.integer_literal),
      field('line', $.integer_literal),
      field('column', $.integer_literal),
    ),

    dwarf_directive: _ => token(seq('@@DWARF', /[^\r\n]*/)),

    section_directive: $ => seq(
      '.section',
      field('name', $.section_name),
      field('body', $.section_body),
    ),

    section_name: _ => /\.[a-zA-Z_][a-zA-Z0-9_.$]*/,

    section_body: $ => seq('{', repeat(choice($.dwarf_data, $.label_statement)), '}'),

    // `.b8 1, 2, 3` / `.b32 label+4` / `.b32 L1-L2`. The values of a line are one token
    // (debug sections are a large share of `-G` output; this keeps parsing fast).
    dwarf_data: $ => seq(
      field('type', alias(choice('.b8', '.b16', '.b32', '.b64'), $.type)),
      field('values', $.dwarf_values),
    ),

    dwarf_values: _ => token(prec(-1, /[^\s\/][^\n\/]*/)),

    _dwarf_expression: $ => choice(
      $.integer_literal,
      $.identifier,
      $.section_name,
      alias($._dwarf_binary, $.binary_expression),
    ),

    _dwarf_binary: $ => prec.left(seq(
      field('left', $._dwarf_expression),
      choice(
        seq(field('operator', choice('+', '-')), field('right', $._dwarf_expression)),
        // `label-4`: the minus is lexed as part of the literal
        field('right', $.integer_literal),
      ),
    )),

    // ------------------------------------------------------------------
    // Functions

    function_definition: $ => seq(
      $._function_header,
      field('body', $.block),
    ),

    function_declaration: $ => seq(
      $._function_header,
      ';',
    ),

    _function_header: $ => seq(
      repeat(field('linkage', $.linkage)),
      field('kind', $.function_kind),
      optional(field('attribute', $.attribute_clause)),
      optional(field('return_params', $.parameter_list)),
      field('name', $.identifier),
      optional(field('params', $.parameter_list)),
      repeat(field('directive', $.performance_directive)),
    ),

    linkage: _ => choice('.visible', '.extern', '.weak', '.common'),

    function_kind: _ => choice('.entry', '.func'),

    parameter_list: $ => seq('(', commaSep($.parameter), ')'),

    parameter: $ => seq(
      optional(field('state_space', $.state_space)),
      repeat(choice(field('align', $.align_clause), field('vector', $.vector_type))),
      field('type', $.type),
      repeat(choice(field('align', $.align_clause), $.pointer_attribute)),
      field('name', choice($.identifier, $.sink)),
      repeat(field('dimension', $.array_dimension)),
    ),

    pointer_attribute: $ => prec.right(seq(
      '.ptr',
      optional(field('state_space', $.state_space)),
      optional(field('align', $.align_clause)),
    )),

    performance_directive: $ => choice(
      seq(
        field('name', alias(choice('.maxntid', '.reqntid', '.reqnctapercluster'), $.directive_name)),
        commaSep1(field('value', $.integer_literal)),
      ),
      seq(
        field('name', alias(choice(
          '.minnctapersm', '.maxnctapersm', '.maxnreg', '.maxclusterrank',
          '.abi_preserve', '.abi_preserve_control',
        ), $.directive_name)),
        field('value', $.integer_literal),
      ),
      field('name', alias(choice('.noreturn', '.explicitcluster', '.blocksareclusters'), $.directive_name)),
      seq(
        field('name', alias('.pragma', $.directive_name)),
        commaSep1(field('value', $.string_literal)),
        ';',
      ),
    ),

    attribute_clause: $ => seq('.attribute', '(', commaSep1($.attribute), ')'),

    attribute: $ => seq(
      field('name', $.attribute_name),
      optional(seq('(', commaSep($.integer_literal), ')')),
    ),

    attribute_name: _ => choice('.managed', '.unified'),

    // ------------------------------------------------------------------
    // Statements

    block: $ => seq('{', repeat($._statement), '}'),

    _statement: $ => choice(
      $.variable_declaration,
      $.label_statement,
      $.instruction_statement,
      $.block,
      $.pragma_directive,
      $.loc_directive,
      $.dwarf_directive,
      $.section_directive,
      $.callprototype_directive,
      $.branchtargets_directive,
      $.calltargets_directive,
      $.file_directive,
      alias($._body_performance_directive, $.performance_directive),
    ),

    // Old-style performance directives written inside the body (`.maxntid 256;`)
    _body_performance_directive: $ => seq(
      field('name', alias(choice(
        '.maxntid', '.reqntid', '.minnctapersm', '.maxnctapersm', '.maxnreg',
      ), $.directive_name)),
      commaSep1(field('value', $.integer_literal)),
      ';',
    ),

    label_statement: $ => seq(field('name', $.identifier), ':'),

    callprototype_directive: $ => seq(
      '.callprototype',
      optional(field('return_params', $.parameter_list)),
      field('name', $.sink),
      optional(field('params', $.parameter_list)),
      repeat(field('directive', $.performance_directive)),
      ';',
    ),

    branchtargets_directive: $ => seq(
      '.branchtargets',
      commaSep1(field('target', $.label_reference)),
      ';',
    ),

    calltargets_directive: $ => seq(
      '.calltargets',
      commaSep1(field('target', $.label_reference)),
      ';',
    ),

    label_reference: $ => seq(
      field('name', $.identifier),
      optional(field('range', $.register_range)),
    ),

    instruction_statement: $ => seq(
      optional(field('guard', $.guard)),
      field('opcode', choice(
        alias($._dotted_opcode, $.opcode),
        alias($.identifier, $.opcode),
      )),
      optional($._operands),
      ';',
    ),

    // Up to eight operands are spelled out so that common instructions need no
    // intermediate repeat nodes (faster parsing); longer lists fall back to a repeat.
    _operands: $ => commaSep1(field('operand', $._operand)),

    // A lowercase mnemonic followed by one or more `.modifier` segments.
    // Bare mnemonics (`ret`, `exit`) are lexed as identifiers and aliased.
    _dotted_opcode: _ => token(prec(1, /[a-z][a-z0-9_]*(\.[a-zA-Z0-9_]+(:{1,2}[a-zA-Z0-9_]+)*)+/)),

    guard: $ => seq(
      '@',
      optional(field('negated', '!')),
      field('predicate', $.identifier),
    ),

    _operand: $ => choice(
      $.identifier,
      $.special_register_access,
      $.integer_literal,
      $.float_literal,
      $.address_expression,
      $.texture_operand,
      $.vector_operand,
      $.predicate_pair,
      $.negated_operand,
      $.sink,
      $.parenthesized_list,
      $.indexed_operand,
      alias($._symbol_offset, $.binary_expression),
    ),

    // `sym+4`, `sym - 4`, `sym-4` as an instruction operand (address of a symbol plus offset)
    _symbol_offset: $ => seq(
      field('left', $.identifier),
      choice(
        seq(field('operator', choice('+', '-')), field('right', $.integer_literal)),
        field('right', $.integer_literal),
      ),
    ),

    special_register_access: $ => seq(
      field('register', $.identifier),
      field('component', alias(token.immediate(/\.[a-zA-Z][a-zA-Z0-9_]*/), $.component)),
    ),

    address_expression: $ => seq(
      '[',
      field('base', choice($.identifier, $.integer_literal, $.special_register_access)),
      optional(choice(
        seq('+', field('offset', $._address_offset)),
        seq('-', field('offset', $._address_offset)),
        field('offset', $.integer_literal),
      )),
      ']',
      // `[ugbl].unified`
      optional(field('qualifier', alias(token.immediate(/\.[a-zA-Z][a-zA-Z0-9_]*/), $.component))),
    ),

    _address_offset: $ => choice($.integer_literal, $.identifier),

    // `[tex, {x, y}]`, `[tensorMap, {c0, c1}]`, `[tex, sampler, {x}]`
    texture_operand: $ => seq(
      '[',
      commaSep1(field('element', $._texture_element)),
      ',',
      field('element', $._texture_element),
      ']',
    ),

    _texture_element: $ => choice(
      $.identifier,
      $.vector_operand,
      $.integer_literal,
      $.sink,
    ),

    vector_operand: $ => seq(
      '{',
      commaSep1(field('element', choice(
        $.identifier,
        $.special_register_access,
        $.sink,
        $.integer_literal,
        $.float_literal,
        $.negated_operand,
      ))),
      '}',
    ),

    predicate_pair: $ => seq(
      field('first', choice($.identifier, $.sink, $.vector_operand)),
      '|',
      field('second', choice($.identifier, $.sink)),
    ),

    negated_operand: $ => seq(
      field('operator', choice('!', '-')),
      field('operand', choice($.identifier, $.special_register_access)),
    ),

    sink: _ => '_',

    parenthesized_list: $ => seq('(', commaSep(field('element', $._operand)), ')'),

    // `a[1]` (address of an array element)
    indexed_operand: $ => seq(
      field('base', $.identifier),
      token.immediate('['),
      field('index', $._expression),
      ']',
    ),

    // ------------------------------------------------------------------
    // Variables

    variable_declaration: $ => seq(
      repeat(field('linkage', $.linkage)),
      field('state_space', $.state_space),
      repeat(choice(
        field('align', $.align_clause),
        field('attribute', $.attribute_clause),
        field('vector', $.vector_type),
      )),
      field('type', $.type),
      commaSep1(field('declarator', $.declarator)),
      ';',
    ),

    state_space: _ => choice(...STATE_SPACES),

    align_clause: $ => seq('.align', field('value', $.integer_literal)),

    vector_type: _ => choice('.v2', '.v4', '.v8'),

    type: _ => choice(...TYPES),

    declarator: $ => seq(
      field('name', $.identifier),
      optional(field('range', $.register_range)),
      repeat(field('dimension', $.array_dimension)),
      optional(seq('=', field('initializer', $.initializer))),
    ),

    register_range: $ => seq('<', field('count', $.integer_literal), '>'),

    array_dimension: $ => seq('[', optional(field('size', $._expression)), ']'),

    initializer: $ => choice($._expression, $.initializer_list),

    initializer_list: $ => seq(
      '{',
      commaSep(field('element', choice($._expression, $.initializer_list, $.member_initializer))),
      optional(','),
      '}',
    ),

    // `.samplerref s = { filter_mode = nearest, addr_mode_0 = wrap }`
    member_initializer: $ => seq(
      field('name', $.identifier),
      '=',
      field('value', $._expression),
    ),

    // ------------------------------------------------------------------
    // Constant expressions

    _expression: $ => choice(
      $.integer_literal,
      $.float_literal,
      $.identifier,
      $.generic_expression,
      $.mask_expression,
      $.binary_expression,
      $.unary_expression,
      $.parenthesized_expression,
      $.conditional_expression,
    ),

    generic_expression: $ => seq('generic', '(', field('symbol', $.identifier), ')'),

    mask_expression: $ => seq(
      field('mask', $.integer_literal),
      token.immediate('('),
      field('value', $._expression),
      ')',
    ),

    parenthesized_expression: $ => seq('(', $._expression, ')'),

    unary_expression: $ => prec(PREC.unary, seq(
      field('operator', choice('-', '+', '!', '~')),
      field('operand', $._expression),
    )),

    binary_expression: $ => {
      const table = [
        ['||', PREC.logical_or],
        ['&&', PREC.logical_and],
        ['|', PREC.bit_or],
        ['^', PREC.bit_xor],
        ['&', PREC.bit_and],
        ['==', PREC.equality],
        ['!=', PREC.equality],
        ['<', PREC.relational],
        ['<=', PREC.relational],
        ['>', PREC.relational],
        ['>=', PREC.relational],
        ['<<', PREC.shift],
        ['>>', PREC.shift],
        ['+', PREC.additive],
        ['-', PREC.additive],
        ['*', PREC.multiplicative],
        ['/', PREC.multiplicative],
        ['%', PREC.multiplicative],
      ];
      return choice(
        ...table.map(([op, p]) => prec.left(p, seq(
          field('left', $._expression),
          field('operator', op),
          field('right', $._expression),
        ))),
        // `N-1`: the minus is lexed as part of the literal
        prec.left(PREC.additive, seq(
          field('left', $._expression),
          field('right', $.integer_literal),
        )),
      );
    },

    conditional_expression: $ => prec.right(PREC.conditional, seq(
      field('condition', $._expression),
      '?',
      field('consequence', $._expression),
      ':',
      field('alternative', $._expression),
    )),

    // ------------------------------------------------------------------
    // Lexical

    identifier: _ => /[a-zA-Z][a-zA-Z0-9_$]*|[_$%][a-zA-Z0-9_$]+/,

    integer_literal: _ => token(seq(
      optional('-'),
      choice(
        /0[xX][0-9a-fA-F]+/,
        /0[bB][01]+/,
        DEC_DIGITS,
      ),
      optional('U'),
    )),

    float_literal: _ => token(seq(
      optional('-'),
      choice(
        /0[fF][0-9a-fA-F]{8}/,
        /0[dD][0-9a-fA-F]{16}/,
        /[0-9]+\.[0-9]*([eE][+-]?[0-9]+)?/,
        /\.[0-9]+([eE][+-]?[0-9]+)?/,
        /[0-9]+[eE][+-]?[0-9]+/,
      ),
    )),

    string_literal: _ => token(seq('"', repeat(choice(/[^"\\\n]/, /\\./)), '"')),

    comment: _ => token(choice(
      seq('//', /[^\n]*/),
      seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'),
    )),
  },
});
