/** The where language: syntax tree, parser, date literals and the free-text search builder. */
export * from './ast.js';
export { WhereSyntaxError, tokenize, type Token, type TokenType } from './tokenizer.js';
export { parseWhere, parseProps, parseSortBy, parseGroupBy } from './parser.js';
export { WhereLimits, WhereLimitError, type WhereLimit } from './limits.js';
export { parseDateLiteral, formatDateTimeText } from './dates.js';
export * from './search.js';
export { columnEquals, columnDiffers, columnIn, conditionColumns, whereAll, whereAny, ALWAYS, NEVER } from './build.js';
export { parseExpression, ExpressionLimits, type Arithmetic, type ArithmeticOp } from './expression.js';
