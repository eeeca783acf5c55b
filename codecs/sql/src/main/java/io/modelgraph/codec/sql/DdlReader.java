package io.modelgraph.codec.sql;

import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A tolerant reader of the DDL that defines tables: CREATE TABLE (columns, column and table constraints),
 * ALTER TABLE (add/alter/drop/rename columns and constraints), COMMENT ON, CREATE TYPE … AS ENUM. It reads
 * the seven dialects' spellings of those, and writes to the ledger each clause it recognises but cannot carry
 * (storage options, policies, tags, partitioning) and each statement it skips (views, indexes, triggers,
 * routines, grants, data). It refuses what is structurally broken (an unclosed parenthesis, a missing name,
 * an empty column) with the line and column.
 */
final class DdlReader {
    private static final Set<String> TABLE_MODIFIERS = Set.of("OR", "REPLACE", "TEMP", "TEMPORARY", "GLOBAL",
            "LOCAL", "TRANSIENT", "VOLATILE", "UNLOGGED", "EXTERNAL", "MULTISET", "SNAPSHOT", "DYNAMIC", "HYBRID",
            "ICEBERG", "EVENT", "SHARDED", "PRIVATE", "IMMUTABLE", "SET", "UNION", "TEMPLATE");
    private static final Set<String> COLUMN_CLAUSE_STARTS = Set.of("CONSTRAINT", "NOT", "NULL", "DEFAULT",
            "PRIMARY", "UNIQUE", "REFERENCES", "CHECK", "COLLATE", "AUTO_INCREMENT", "AUTOINCREMENT", "IDENTITY",
            "GENERATED", "AS", "COMMENT", "OPTIONS", "ON", "CHARACTER", "CHARSET", "FOR");
    private static final Set<String> CONSTRAINT_STARTS = Set.of("PRIMARY", "UNIQUE", "FOREIGN", "CHECK",
            "CONSTRAINT", "KEY", "INDEX", "FULLTEXT", "SPATIAL", "EXCLUDE", "PERIOD", "LIKE");

    private final LossinessLedger ledger;
    private final boolean dottedQuotedNames;
    private final Parsed.Script script = new Parsed.Script();
    private int definitions;

    DdlReader(LossinessLedger ledger, Optional<Vendor> vendor) {
        this.ledger = ledger;
        // BigQuery quotes a whole path at once: `project.dataset.table`
        this.dottedQuotedNames = vendor.map(v -> v == Vendor.BIGQUERY).orElse(false);
    }

    private List<String> tableName(Cursor c, String what) throws SchemaSyntaxException {
        List<String> parts = c.qualifiedName(what);
        if (!dottedQuotedNames) {
            return parts;
        }
        List<String> split = new ArrayList<>();
        parts.forEach(p -> split.addAll(List.of(p.split("\\."))));
        return split;
    }

    Parsed.Script read(List<Statement> statements) throws SchemaSyntaxException {
        for (Statement s : statements) {
            statement(s);
        }
        return script;
    }

    private void statement(Statement s) throws SchemaSyntaxException {
        Cursor c = new Cursor(s);
        if (c.peek().is("CREATE")) {
            create(c, s);
        } else if (c.peek().is("ALTER") && c.peek(1).is("TABLE")) {
            c.next();
            c.next();
            alterTable(c, s);
        } else if (c.peek().is("COMMENT")) {
            comment(c, s);
        } else if (bindRule(c, s)) {
            return;
        } else {
            skip(s, s.head(2));
        }
    }

    private void skip(Statement s, String what) {
        ledger.drop(s.where(), "Statement " + what + " skipped: it does not declare a table's structure.");
    }

    private void create(Cursor c, Statement s) throws SchemaSyntaxException {
        c.next();
        List<String> modifiers = new ArrayList<>();
        while (c.peek().kind() == Token.Kind.WORD && TABLE_MODIFIERS.contains(c.peek().upper())
                && !c.peek(1).isSymbol("(") && !c.peek(1).isSymbol("=")) {
            modifiers.add(c.next().upper());
        }
        if (!c.peek().is("TABLE") || c.peek(1).is("FUNCTION")) {
            if (c.accept("TYPE") && createEnum(c, s)) {
                return;
            }
            if (c.peek().is("RULE") && createRule(c, s)) {
                return;
            }
            skip(s, s.head(Math.min(4, modifiers.size() + 2)));
            return;
        }
        c.next();
        c.accept("IF", "NOT", "EXISTS");
        Token nameToken = c.peek();
        List<String> parts = tableName(c, "a table name");
        Optional<String> namespace = parts.size() > 1 ? Optional.of(String.join(".", parts.subList(0,
                parts.size() - 1))) : Optional.empty();
        String name = parts.get(parts.size() - 1);
        if (parts.size() == 1 && name.equalsIgnoreCase("IDENTIFIER") && c.peek().isSymbol("(")) {
            // Snowflake IDENTIFIER('name') or IDENTIFIER(:variable)
            List<Token> inside = c.group();
            if (inside.size() != 1 || inside.get(0).kind() != Token.Kind.STRING) {
                ledger.drop(s.where(), "CREATE TABLE IDENTIFIER(" + Cursor.text(inside)
                        + ") skipped: the table's name is only known when the statement runs.");
                return;
            }
            name = inside.get(0).text();
        }
        Parsed.Table table = new Parsed.Table(namespace, name, nameToken.where());
        modifiers.removeAll(List.of("OR", "REPLACE"));
        if (!modifiers.isEmpty()) {
            ledger.drop(nameToken.where(), "Table " + table.qualified() + ": modifier " + String.join(" ", modifiers)
                    + " not carried.");
            table.annotations.put(SqlKeys.TABLE_MODIFIERS, String.join(" ", modifiers));
        }
        if (!c.peek().isSymbol("(")) {
            if (c.atEnd() || c.peek().kind() == Token.Kind.WORD) {
                ledger.drop(s.where(), "CREATE TABLE " + table.qualified() + " declares no columns ("
                        + (c.atEnd() ? "nothing follows the name" : c.peek().upper() + " …")
                        + "); skipped: its structure comes from elsewhere.");
                return;
            }
            throw c.error("Expected '(' and the columns of table " + table.qualified() + ", found "
                    + Cursor.describe(c.peek()) + ".");
        }
        if (c.peek(1).is("SELECT") || c.peek(1).is("WITH")) {
            ledger.drop(s.where(), "CREATE TABLE " + table.qualified() + " AS (query) skipped: no declared columns.");
            return;
        }
        body(c, table);
        tableOptions(c, table);
        if (++definitions > ParserLimits.MAX_DEFINITIONS) {
            throw new SchemaSyntaxException(s.where(), "More than " + ParserLimits.MAX_DEFINITIONS + " tables.");
        }
        String key = Parsed.Script.key(namespace, name);
        if (script.tables.containsKey(key)) {
            ledger.narrow(table.where, "Table " + table.qualified() + " is declared again; the later declaration wins.");
        }
        script.tables.put(key, table);
    }

    private boolean createEnum(Cursor c, Statement s) throws SchemaSyntaxException {
        List<String> parts = c.qualifiedName("a type name");
        if (!c.accept("AS", "ENUM")) {
            return false;
        }
        List<String> values = new ArrayList<>();
        for (Token t : c.group()) {
            if (t.kind() == Token.Kind.STRING) {
                values.add(t.text());
            }
        }
        script.enums.put(parts.get(parts.size() - 1).toLowerCase(Locale.ROOT),
                new Parsed.Enum(parts.get(parts.size() - 1), values));
        return true;
    }

    /**
     * SQL Server's {@code CREATE RULE name AS @value IN ('a', 'b')}: a list of allowed values that
     * {@code sp_bindrule} attaches to columns, read as an enumeration (docs/fidelity.md). Any other rule
     * condition (and PostgreSQL's {@code CREATE RULE … AS ON INSERT}) is skipped with the statement.
     */
    private boolean createRule(Cursor c, Statement s) throws SchemaSyntaxException {
        c.next();
        List<String> parts = c.qualifiedName("a rule name");
        if (!c.accept("AS") || c.atEnd() || !c.peek().text().startsWith("@") || !c.peek(1).is("IN")
                || !c.peek(2).isSymbol("(")) {
            return false;
        }
        c.next();
        c.next();
        List<String> values = new ArrayList<>();
        for (Token t : c.group()) {
            if (t.kind() == Token.Kind.STRING || t.kind() == Token.Kind.NUMBER) {
                values.add(t.text());
            } else if (!t.isSymbol(",") && !(t.is("N") || t.is("E"))) {
                return false;
            }
        }
        if (values.isEmpty() || !c.atEnd()) {
            return false;
        }
        String name = parts.get(parts.size() - 1);
        script.rules.put(name.toLowerCase(Locale.ROOT), new Parsed.Enum(name, values));
        return true;
    }

    /** {@code [EXEC] sp_bindrule 'rule', 'table.column'} (or with {@code @rulename =}, {@code @objname =}). */
    private boolean bindRule(Cursor c, Statement s) {
        int at = c.peek().is("EXEC") || c.peek().is("EXECUTE") ? 1 : 0;
        Token proc = c.peek(at);
        if (!proc.isName() || !proc.text().toLowerCase(Locale.ROOT).matches("((dbo|sys)\\.)?sp_bindrule")) {
            return false;
        }
        List<String> args = new ArrayList<>();
        while (!c.atEnd()) {
            Token t = c.next();
            if (t.kind() == Token.Kind.STRING) {
                args.add(t.text());
            }
        }
        if (args.size() < 2) {
            ledger.drop(s.where(), "sp_bindrule without a rule and an object name skipped.");
            return true;
        }
        List<String> object = new ArrayList<>();
        for (String part : args.get(1).split("\\.")) {
            object.add(part.replaceAll("^\\[|\\]$", "").replaceAll("^\"|\"$", ""));
        }
        String rule = args.get(0).replaceAll("^\\[|\\]$", "");
        rule = rule.substring(rule.lastIndexOf('.') + 1);
        if (object.size() < 2) {
            ledger.drop(s.where(), "Rule " + rule + " is bound to the alias type " + args.get(1) + "; only rules bound"
                    + " to columns are read.");
            return true;
        }
        String key = (object.get(object.size() - 2) + "." + object.get(object.size() - 1)).toLowerCase(Locale.ROOT);
        script.boundRules.put(key, rule.toLowerCase(Locale.ROOT));
        return true;
    }

    /** The parenthesised list of columns and table constraints. */
    private void body(Cursor c, Parsed.Table table) throws SchemaSyntaxException {
        Token open = c.next();
        while (true) {
            if (c.atEnd()) {
                throw new SchemaSyntaxException(open.where(), "The column list of table " + table.qualified()
                        + " opened here is never closed.");
            }
            if (c.acceptSymbol(")")) {
                return; // also allows the trailing comma BigQuery and T-SQL accept
            }
            item(c, table, true);
            if (c.acceptSymbol(",")) {
                continue;
            }
            if (c.acceptSymbol(")")) {
                return;
            }
            throw c.error("Expected ',' or ')' in table " + table.qualified() + ", found " + Cursor.describe(c.peek())
                    + ".");
        }
    }

    private void item(Cursor c, Parsed.Table table, boolean inCreate) throws SchemaSyntaxException {
        Token t = c.peek();
        boolean constraint = t.kind() == Token.Kind.WORD && CONSTRAINT_STARTS.contains(t.upper())
                && !c.peek(1).isSymbol(",") && !c.peek(1).isSymbol(")") && !isColumnNamedLikeKeyword(c);
        if (constraint) {
            tableConstraint(c, table);
        } else if (t.isName()) {
            column(c, table);
        } else {
            throw c.error("Expected a column or a constraint in table " + table.qualified() + ", found "
                    + Cursor.describe(t) + ".");
        }
    }

    /** {@code key VARCHAR(10)} or {@code index INT}: a column whose name is a constraint keyword. */
    private static boolean isColumnNamedLikeKeyword(Cursor c) {
        Token t = c.peek();
        Token n = c.peek(1);
        if (t.is("KEY") || t.is("INDEX")) {
            // KEY name (cols) / INDEX name (cols) / KEY (cols) are MySQL indexes
            return !(n.isSymbol("(") || (n.isName() && (c.peek(2).isSymbol("(") || c.peek(2).is("USING")))
                    || n.is("USING"));
        }
        if (t.is("LIKE") || t.is("PERIOD") || t.is("EXCLUDE") || t.is("FULLTEXT") || t.is("SPATIAL")
                || t.is("CHECK") || t.is("UNIQUE") || t.is("PRIMARY") || t.is("FOREIGN")) {
            return n.kind() == Token.Kind.WORD && TypeNames.isTypeWord(n.upper()) && !n.is("KEY")
                    && !n.is("INDEX");
        }
        return false;
    }

    private void tableConstraint(Cursor c, Parsed.Table table) throws SchemaSyntaxException {
        Token start = c.peek();
        Optional<String> name = Optional.empty();
        if (c.accept("CONSTRAINT")) {
            if (!c.peek().is("PRIMARY") && !c.peek().is("UNIQUE") && !c.peek().is("FOREIGN")
                    && !c.peek().is("CHECK")) {
                name = Optional.of(c.qualifiedName("a constraint name").stream().reduce((a, b) -> b).orElseThrow());
            }
        }
        if (c.accept("PRIMARY", "KEY")) {
            clustering(c, table);
            skipWords(c, "CLUSTERED", "NONCLUSTERED", "ASC", "DESC");
            if (c.peek().isName() && c.peek(1).isSymbol("(")) {
                c.next(); // MySQL: PRIMARY KEY index_name (cols)
            }
            table.primaryKey = Optional.of(new Parsed.Key(name, c.columnList()));
            constraintTail(c, table, "primary key");
        } else if (c.accept("UNIQUE")) {
            skipWords(c, "KEY", "INDEX");
            clustering(c, table);
            skipWords(c, "CLUSTERED", "NONCLUSTERED", "CONSTRAINT");
            if (c.peek().isName() && c.peek(1).isSymbol("(")) {
                name = name.or(() -> Optional.of(c.peek().text()));
                c.next();
            }
            table.uniques.add(new Parsed.Key(name, c.columnList()));
            constraintTail(c, table, "unique key");
        } else if (c.accept("FOREIGN", "KEY")) {
            if (c.peek().isName()) {
                name = name.or(() -> Optional.of(c.peek().text()));
                c.next();
            }
            List<String> columns = c.columnList();
            if (!c.accept("REFERENCES")) {
                throw c.error("Expected REFERENCES after FOREIGN KEY (" + String.join(", ", columns) + "), found "
                        + Cursor.describe(c.peek()) + ".");
            }
            table.foreignKeys.add(references(c, table, name, columns, start));
        } else if (c.accept("CHECK")) {
            Token at = c.peek();
            if (!c.peek().isSymbol("(")) {
                throw c.error("Expected '(' after CHECK, found " + Cursor.describe(c.peek()) + ".");
            }
            table.checks.add(new Parsed.Check(name, Cursor.text(c.group()), at.where()));
            constraintTail(c, table, "check");
        } else if (c.accept("DEFAULT")) {
            // T-SQL: CONSTRAINT df DEFAULT (expr) FOR column
            String value = expression(c);
            if (!c.accept("FOR")) {
                throw c.error("Expected FOR and a column after the DEFAULT constraint, found "
                        + Cursor.describe(c.peek()) + ".");
            }
            Token colToken = c.peek();
            String column = c.name("a column name");
            table.column(column).orElseThrow(() -> new SchemaSyntaxException(colToken.where(), "Table "
                    + table.qualified() + " has no column " + column + ".")).defaultExpression = Optional.of(value);
        } else {
            String what = c.next().upper();
            StringBuilder skipped = new StringBuilder(what);
            while (!c.atEnd() && !c.peek().isSymbol(",") && !c.peek().isSymbol(")")) {
                skipped.append(' ').append(c.skipOne());
            }
            ledger.drop(start.where(), "Table " + table.qualified() + ": " + (what.equals("KEY")
                    || what.equals("INDEX") || what.equals("FULLTEXT") || what.equals("SPATIAL") ? "index"
                    : "clause") + " '" + skipped + "' not carried (indexes and exclusion constraints are skipped).");
        }
    }

    /** T-SQL CLUSTERED/NONCLUSTERED choose the physical index: ledgered, not carried. */
    private void clustering(Cursor c, Parsed.Table table) {
        if (c.peek().is("CLUSTERED") || c.peek().is("NONCLUSTERED")) {
            ledger.drop(c.peek().where(), "Table " + table.qualified() + ": index clause '" + c.peek().upper()
                    + "' not carried.");
        }
    }

    private Parsed.ForeignKey references(Cursor c, Parsed.Table table, Optional<String> name, List<String> columns,
            Token start) throws SchemaSyntaxException {
        List<String> parts = tableName(c, "the referenced table's name");
        List<String> refColumns = c.peek().isSymbol("(") ? c.columnList() : List.of();
        Optional<String> onDelete = Optional.empty();
        Optional<String> onUpdate = Optional.empty();
        StringBuilder rest = new StringBuilder();
        while (!c.atEnd() && !c.peek().isSymbol(",") && !c.peek().isSymbol(")") && !endsColumnClause(c)) {
            if (c.accept("ON", "DELETE")) {
                onDelete = Optional.of(action(c));
            } else if (c.accept("ON", "UPDATE")) {
                onUpdate = Optional.of(action(c));
            } else {
                rest.append(rest.length() == 0 ? "" : " ").append(c.skipOne());
            }
        }
        if (rest.length() > 0) {
            ledger.drop(start.where(), "Table " + table.qualified() + ": foreign key clause '" + rest
                    + "' not carried.");
        }
        Optional<String> refNamespace = parts.size() > 1 ? Optional.of(String.join(".", parts.subList(0,
                parts.size() - 1))) : Optional.empty();
        return new Parsed.ForeignKey(name, columns, refNamespace, parts.get(parts.size() - 1), refColumns, onDelete,
                onUpdate, start.where());
    }

    /** Inside a column definition, the next column clause ends a REFERENCES clause. */
    private static boolean endsColumnClause(Cursor c) {
        Token t = c.peek();
        return t.is("NOT") && c.peek(1).is("NULL") || t.is("NULL") || t.is("DEFAULT") || t.is("CHECK")
                || t.is("CONSTRAINT") || t.is("PRIMARY") || t.is("UNIQUE") || t.is("COMMENT");
    }

    private static String action(Cursor c) {
        StringBuilder b = new StringBuilder(c.next().upper());
        if (b.toString().equals("SET") || b.toString().equals("NO")) {
            b.append(' ').append(c.next().upper());
        }
        return b.toString();
    }

    /** What may follow a table constraint: index options, NOT ENFORCED, RELY, DEFERRABLE … all ledgered. */
    private void constraintTail(Cursor c, Parsed.Table table, String what) throws SchemaSyntaxException {
        Token start = c.peek();
        StringBuilder rest = new StringBuilder();
        while (!c.atEnd() && !c.peek().isSymbol(",") && !c.peek().isSymbol(")")) {
            rest.append(rest.length() == 0 ? "" : " ").append(c.skipOne());
        }
        if (rest.length() > 0) {
            ledger.drop(start.where(), "Table " + table.qualified() + ": " + what + " clause '" + rest
                    + "' not carried.");
        }
    }

    private static void skipWords(Cursor c, String... words) {
        boolean more = true;
        while (more) {
            more = false;
            for (String w : words) {
                if (c.accept(w)) {
                    more = true;
                }
            }
        }
    }

    private void column(Cursor c, Parsed.Table table) throws SchemaSyntaxException {
        Token nameToken = c.peek();
        Parsed.Column col = new Parsed.Column(c.name("a column name"), nameToken.where());
        col.type = TypeNames.read(c);
        columnClauses(c, table, col);
        Optional<Parsed.Column> twice = table.column(col.name);
        if (twice.isPresent()) {
            ledger.narrow(nameToken.where(), "Column " + col.name + " appears twice in table " + table.qualified()
                    + "; the later declaration wins (a database would refuse the statement).");
        }
        table.put(col);
    }

    private void columnClauses(Cursor c, Parsed.Table table, Parsed.Column col) throws SchemaSyntaxException {
        Optional<String> constraintName = Optional.empty();
        StringBuilder unknown = new StringBuilder();
        Token unknownStart = null;
        while (!c.atEnd() && !c.peek().isSymbol(",") && !c.peek().isSymbol(")")) {
            Token t = c.peek();
            if (c.accept("CONSTRAINT")) {
                constraintName = Optional.of(c.name("a constraint name"));
                continue;
            }
            if (c.accept("NOT", "NULL")) {
                col.notNull = true;
            } else if (c.accept("NULL")) {
                col.notNull = false;
            } else if (c.accept("DEFAULT")) {
                col.defaultExpression = Optional.of(expression(c));
            } else if (c.accept("PRIMARY", "KEY")) {
                skipWords(c, "ASC", "DESC", "CLUSTERED", "NONCLUSTERED");
                table.primaryKey = Optional.of(new Parsed.Key(constraintName, List.of(col.name)));
                if (c.accept("AUTOINCREMENT")) {
                    col.identity = Optional.of("autoincrement");
                }
            } else if (c.accept("UNIQUE")) {
                skipWords(c, "KEY", "CLUSTERED", "NONCLUSTERED");
                table.uniques.add(new Parsed.Key(constraintName, List.of(col.name)));
            } else if (c.accept("REFERENCES") || (c.accept("FOREIGN", "KEY") && c.accept("REFERENCES"))) {
                table.foreignKeys.add(references(c, table, constraintName, List.of(col.name), t));
            } else if (c.accept("CHECK")) {
                if (!c.peek().isSymbol("(")) {
                    throw c.error("Expected '(' after CHECK, found " + Cursor.describe(c.peek()) + ".");
                }
                col.checks.add(new Parsed.Check(constraintName, Cursor.text(c.group()), t.where()));
            } else if (c.accept("AUTO_INCREMENT") || c.accept("AUTOINCREMENT") || c.accept("IDENTITY")) {
                col.identity = Optional.of(t.upper().toLowerCase(Locale.ROOT) + identityOptions(c));
            } else if (c.accept("GENERATED")) {
                String how = c.accept("ALWAYS") ? "always" : c.accept("BY", "DEFAULT") ? "by default" : "always";
                c.accept("ON", "NULL");
                if (!c.accept("AS")) {
                    throw c.error("Expected AS after GENERATED, found " + Cursor.describe(c.peek()) + ".");
                }
                if (c.accept("ROW")) {
                    String which = c.next().upper();
                    c.accept("HIDDEN");
                    ledger.drop(t.where(), "Column " + table.qualified() + "." + col.name + ": GENERATED ALWAYS AS ROW "
                            + which + " (a system-versioning period column) not carried.");
                } else if (c.accept("IDENTITY")) {
                    col.identity = Optional.of("generated " + how + identityOptions(c));
                } else {
                    generated(c, col, t);
                }
            } else if (c.peek().is("AS") && c.peek(1).isSymbol("(")) {
                c.next();
                generated(c, col, t);
            } else if (c.accept("COMMENT")) {
                c.acceptSymbol("=");
                if (c.peek().kind() != Token.Kind.STRING && c.peek().kind() != Token.Kind.QUOTED) {
                    throw c.error("Expected the comment text, found " + Cursor.describe(c.peek()) + ".");
                }
                col.comment = Optional.of(c.next().text());
            } else if (c.peek().is("OPTIONS") && c.peek(1).isSymbol("(")) {
                c.next();
                options(c.group(), d -> col.comment = Optional.of(d), table, col.name);
            } else if (c.accept("COLLATE") || c.accept("CHARSET") || c.accept("CHARACTER", "SET")) {
                String value = c.skipOne();
                ledger.drop(t.where(), "Column " + table.qualified() + "." + col.name + ": " + t.upper() + " "
                        + value + " not carried.");
            } else if (c.accept("ON", "UPDATE")) {
                String value = expression(c);
                ledger.drop(t.where(), "Column " + table.qualified() + "." + col.name + ": ON UPDATE " + value
                        + " (an automatic update) not carried.");
            } else {
                if (unknownStart == null) {
                    unknownStart = t;
                }
                unknown.append(unknown.length() == 0 ? "" : " ").append(c.skipOne());
                continue;
            }
            constraintName = Optional.empty();
            flushUnknown(table, col, unknown, unknownStart);
            unknownStart = null;
        }
        flushUnknown(table, col, unknown, unknownStart);
    }

    private void flushUnknown(Parsed.Table table, Parsed.Column col, StringBuilder unknown, Token start) {
        if (unknown.length() > 0) {
            ledger.drop(start.where(), "Column " + table.qualified() + "." + col.name + ": clause '" + unknown
                    + "' not carried.");
            unknown.setLength(0);
        }
    }

    private void generated(Cursor c, Parsed.Column col, Token at) throws SchemaSyntaxException {
        if (!c.peek().isSymbol("(")) {
            throw c.error("Expected '(' and the expression of the generated column " + col.name + ", found "
                    + Cursor.describe(c.peek()) + ".");
        }
        String expr = Cursor.text(c.group());
        String storage = c.accept("STORED") ? " STORED" : c.accept("PERSISTED") ? " PERSISTED"
                : c.accept("VIRTUAL") ? " VIRTUAL" : "";
        col.generated = Optional.of(expr + storage);
    }

    /** {@code (1,1)}, {@code START 1 INCREMENT 1}, {@code (START WITH 1 INCREMENT BY 1)}, ORDER/NOORDER. */
    private static String identityOptions(Cursor c) throws SchemaSyntaxException {
        StringBuilder b = new StringBuilder();
        if (c.peek().isSymbol("(")) {
            b.append(' ').append('(').append(Cursor.text(c.group())).append(')');
        }
        while (c.peek().is("START") || c.peek().is("INCREMENT") || c.peek().is("WITH") || c.peek().is("BY")
                || c.peek().is("ORDER") || c.peek().is("NOORDER") || c.peek().kind() == Token.Kind.NUMBER
                || c.peek().isSymbol("=")) {
            b.append(' ').append(c.next().source());
        }
        return b.toString();
    }

    /** A DEFAULT value: the tokens up to the next column clause, comma or closing parenthesis. */
    private static String expression(Cursor c) throws SchemaSyntaxException {
        List<Token> tokens = new ArrayList<>();
        while (!c.atEnd() && !c.peek().isSymbol(",") && !c.peek().isSymbol(")")) {
            Token t = c.peek();
            if (!tokens.isEmpty() && t.kind() == Token.Kind.WORD && COLUMN_CLAUSE_STARTS.contains(t.upper())
                    && !tokens.get(tokens.size() - 1).isSymbol("::")
                    && !(t.is("CHARACTER") && !c.peek(1).is("SET"))
                    && !(t.is("ON") && !c.peek(1).is("UPDATE"))
                    && !(t.is("NULL") && tokens.get(tokens.size() - 1).is("IS"))
                    && !(t.is("AS") && c.peek(1).isName())) {
                break;
            }
            if (t.isSymbol("(")) {
                tokens.add(new Token(Token.Kind.SYMBOL, "(", t.line(), t.column()));
                tokens.addAll(c.group());
                tokens.add(new Token(Token.Kind.SYMBOL, ")", t.line(), t.column()));
            } else {
                tokens.add(c.next());
            }
        }
        if (tokens.isEmpty()) {
            throw c.error("Expected a value after DEFAULT, found " + Cursor.describe(c.peek()) + ".");
        }
        return Cursor.text(tokens);
    }

    /** BigQuery OPTIONS(description = "…", …): the description is kept, the rest ledgered. */
    private void options(List<Token> inside, java.util.function.Consumer<String> description, Parsed.Table table,
            String column) {
        List<String> dropped = new ArrayList<>();
        for (int i = 0; i < inside.size(); i++) {
            Token t = inside.get(i);
            if (t.kind() == Token.Kind.WORD && i + 2 < inside.size() && inside.get(i + 1).isSymbol("=")) {
                Token v = inside.get(i + 2);
                if (t.is("description") && (v.kind() == Token.Kind.STRING || v.kind() == Token.Kind.QUOTED)) {
                    description.accept(v.text());
                } else {
                    dropped.add(t.text());
                }
            }
        }
        if (!dropped.isEmpty()) {
            ledger.drop(table.where, "Table " + table.qualified() + (column.isEmpty() ? "" : "." + column)
                    + ": OPTIONS " + dropped + " not carried.");
        }
    }

    /** After the column list: COMMENT and OPTIONS(description) are kept; storage and the like ledgered. */
    private void tableOptions(Cursor c, Parsed.Table table) throws SchemaSyntaxException {
        StringBuilder rest = new StringBuilder();
        Token start = c.peek();
        while (!c.atEnd()) {
            if (c.peek().is("COMMENT") && (c.peek(1).kind() == Token.Kind.STRING || (c.peek(1).isSymbol("=")
                    && c.peek(2).kind() == Token.Kind.STRING))) {
                c.next();
                c.acceptSymbol("=");
                table.comment = Optional.of(c.next().text());
            } else if (c.peek().is("OPTIONS") && c.peek(1).isSymbol("(")) {
                c.next();
                options(c.group(), d -> table.comment = Optional.of(d), table, "");
            } else if (c.peek().is("INHERITS") && c.peek(1).isSymbol("(")) {
                c.next();
                for (Token t : c.group()) {
                    if (t.isName()) {
                        table.inherits.add(t.text());
                    }
                }
            } else if (c.peek().is("AS") || (c.peek().isSymbol("(") && c.peek(1).is("SELECT"))) {
                rest.append(rest.length() == 0 ? "" : " ").append("AS (query)");
                while (!c.atEnd()) {
                    c.next();
                }
            } else {
                rest.append(rest.length() == 0 ? "" : " ").append(c.skipOne());
            }
        }
        if (rest.length() > 0) {
            String text = rest.length() > 200 ? rest.substring(0, 200) + " …" : rest.toString();
            ledger.drop(start.where(), "Table " + table.qualified() + ": options '" + text + "' not carried.");
        }
    }

    private void alterTable(Cursor c, Statement s) throws SchemaSyntaxException {
        c.accept("IF", "EXISTS");
        c.accept("ONLY");
        List<String> parts = tableName(c, "a table name");
        Optional<String> namespace = parts.size() > 1 ? Optional.of(String.join(".", parts.subList(0,
                parts.size() - 1))) : Optional.empty();
        String name = parts.get(parts.size() - 1);
        c.acceptSymbol("*");
        Optional<Parsed.Table> found = script.table(namespace, name);
        if (found.isEmpty()) {
            ledger.drop(s.where(), "ALTER TABLE " + String.join(".", parts)
                    + " skipped: the table is not declared in this script.");
            return;
        }
        Parsed.Table table = found.get();
        if (c.atEnd()) {
            throw c.error("Expected what to alter in table " + table.qualified() + ".");
        }
        while (!c.atEnd()) {
            alterAction(c, table);
            if (!c.acceptSymbol(",")) {
                break;
            }
        }
        if (!c.atEnd()) {
            StringBuilder rest = new StringBuilder();
            Token start = c.peek();
            while (!c.atEnd()) {
                rest.append(rest.length() == 0 ? "" : " ").append(c.skipOne());
            }
            ledger.drop(start.where(), "ALTER TABLE " + table.qualified() + ": '" + rest + "' not carried.");
        }
    }

    private void alterAction(Cursor c, Parsed.Table table) throws SchemaSyntaxException {
        Token start = c.peek();
        c.accept("WITH", "CHECK");
        c.accept("WITH", "NOCHECK");
        if (c.accept("ADD")) {
            c.accept("COLUMN");
            c.accept("IF", "NOT", "EXISTS");
            if (c.peek().isSymbol("(")) {
                // Oracle: ADD (col type, col type) or ADD (CONSTRAINT …)
                Token open = c.next();
                while (!c.acceptSymbol(")")) {
                    if (c.atEnd()) {
                        throw new SchemaSyntaxException(open.where(), "The '(' opened here is never closed.");
                    }
                    item(c, table, false);
                    c.acceptSymbol(",");
                }
            } else if (c.peek().is("COLUMNS")) {
                ledger.drop(start.where(), "ALTER TABLE " + table.qualified() + ": ADD COLUMNS form not carried.");
                skipAction(c);
            } else {
                item(c, table, false);
            }
        } else if (c.accept("ALTER") || c.accept("MODIFY") || c.accept("CHANGE")) {
            boolean modify = start.is("MODIFY") || start.is("CHANGE");
            c.accept("COLUMN");
            alterColumn(c, table, start, modify);
        } else if (c.accept("DROP")) {
            drop(c, table, start);
        } else if (c.accept("RENAME")) {
            rename(c, table, start);
        } else {
            skipAction(c);
            ledger.drop(start.where(), "ALTER TABLE " + table.qualified() + ": " + start.upper()
                    + " action not carried.");
        }
    }

    private void alterColumn(Cursor c, Parsed.Table table, Token start, boolean modify) throws SchemaSyntaxException {
        if (modify) {
            // MODIFY col type …; CHANGE old new type … (MySQL): the column is declared again
            Token oldToken = c.peek();
            String old = c.name("a column name");
            Parsed.Column existing = table.column(old).orElseThrow(() -> new SchemaSyntaxException(
                    oldToken.where(), "Table " + table.qualified() + " has no column " + old + "."));
            String name = start.is("CHANGE") ? c.name("the new column name") : existing.name;
            Parsed.Column col = new Parsed.Column(name, oldToken.where());
            col.type = TypeNames.read(c).or(() -> existing.type);
            columnClauses(c, table, col);
            table.replace(existing, col);
            return;
        }
        Token nameToken = c.peek();
        String name = c.name("a column name");
        Parsed.Column col = table.column(name).orElseThrow(() -> new SchemaSyntaxException(nameToken.where(),
                "Table " + table.qualified() + " has no column " + name + "."));
        if (c.accept("SET", "NOT", "NULL")) {
            col.notNull = true;
        } else if (c.accept("DROP", "NOT", "NULL")) {
            col.notNull = false;
        } else if (c.accept("SET", "DEFAULT")) {
            col.defaultExpression = Optional.of(expression(c));
        } else if (c.accept("DROP", "DEFAULT")) {
            col.defaultExpression = Optional.empty();
        } else if (c.accept("SET", "DATA", "TYPE") || c.accept("TYPE")) {
            col.type = TypeNames.read(c);
            skipAction(c);
        } else {
            Token t = c.peek();
            skipAction(c);
            ledger.drop(t.where(), "ALTER TABLE " + table.qualified() + ": change of column " + name
                    + " not carried.");
        }
    }

    private void drop(Cursor c, Parsed.Table table, Token start) throws SchemaSyntaxException {
        if (c.accept("PRIMARY", "KEY")) {
            table.primaryKey = Optional.empty();
        } else if (c.accept("CONSTRAINT")) {
            c.accept("IF", "EXISTS");
            String name = c.name("a constraint name");
            table.foreignKeys.removeIf(fk -> fk.name().map(name::equalsIgnoreCase).orElse(false));
            table.uniques.removeIf(k -> k.name().map(name::equalsIgnoreCase).orElse(false));
            table.checks.removeIf(k -> k.name().map(name::equalsIgnoreCase).orElse(false));
            if (table.primaryKey.flatMap(Parsed.Key::name).map(name::equalsIgnoreCase).orElse(false)) {
                table.primaryKey = Optional.empty();
            }
        } else if (c.accept("COLUMN") || c.peek().isName() && !c.peek().is("INDEX") && !c.peek().is("KEY")
                && !c.peek().is("FOREIGN")) {
            c.accept("IF", "EXISTS");
            String name = c.name("a column name");
            table.remove(name);
        } else {
            ledger.drop(start.where(), "ALTER TABLE " + table.qualified() + ": DROP " + c.peek().upper()
                    + " not carried.");
        }
        skipAction(c);
    }

    private void rename(Cursor c, Parsed.Table table, Token start) throws SchemaSyntaxException {
        if (c.accept("COLUMN") || (c.peek().isName() && c.peek(1).is("TO"))) {
            String old = c.name("a column name");
            c.accept("TO");
            String newName = c.name("the new column name");
            table.column(old).ifPresent(col -> table.rename(col, newName));
        } else if (c.accept("TO") || c.accept("AS")) {
            List<String> parts = c.qualifiedName("the new table name");
            script.tables.values().remove(table);
            table.name = parts.get(parts.size() - 1);
            script.tables.put(Parsed.Script.key(table.namespace, table.name), table);
        } else {
            ledger.drop(start.where(), "ALTER TABLE " + table.qualified() + ": RENAME not carried.");
        }
        skipAction(c);
    }

    private static void skipAction(Cursor c) throws SchemaSyntaxException {
        while (!c.atEnd() && !c.peek().isSymbol(",")) {
            c.skipOne();
        }
    }

    /** COMMENT ON TABLE t IS '…' and COMMENT ON COLUMN t.c IS '…' (also Snowflake's COMMENT IF EXISTS ON). */
    private void comment(Cursor c, Statement s) throws SchemaSyntaxException {
        c.next();
        c.accept("IF", "EXISTS");
        if (!c.accept("ON")) {
            skip(s, s.head(2));
            return;
        }
        boolean column = c.accept("COLUMN");
        if (!column && !c.accept("TABLE")) {
            skip(s, s.head(3));
            return;
        }
        List<String> parts = c.qualifiedName(column ? "a column name" : "a table name");
        if (!c.accept("IS")) {
            throw c.error("Expected IS and the comment, found " + Cursor.describe(c.peek()) + ".");
        }
        Token text = c.next();
        if (text.kind() != Token.Kind.STRING && !text.is("NULL")) {
            throw new SchemaSyntaxException(text.where(), "Expected the comment text, found "
                    + Cursor.describe(text) + ".");
        }
        Optional<String> value = text.is("NULL") ? Optional.empty() : Optional.of(text.text());
        List<String> tableParts = column ? parts.subList(0, parts.size() - 1) : parts;
        if (tableParts.isEmpty()) {
            throw new SchemaSyntaxException(s.where(), "COMMENT ON COLUMN needs table.column.");
        }
        Optional<String> ns = tableParts.size() > 1 ? Optional.of(String.join(".", tableParts.subList(0,
                tableParts.size() - 1))) : Optional.empty();
        Optional<Parsed.Table> table = script.table(ns, tableParts.get(tableParts.size() - 1));
        if (table.isEmpty()) {
            ledger.drop(s.where(), "COMMENT ON " + String.join(".", parts)
                    + " skipped: the table is not declared in this script.");
            return;
        }
        if (!column) {
            table.get().comment = value;
            return;
        }
        Optional<Parsed.Column> col = table.get().column(parts.get(parts.size() - 1));
        if (col.isEmpty()) {
            ledger.drop(s.where(), "COMMENT ON COLUMN " + String.join(".", parts)
                    + " skipped: the table has no such column.");
            return;
        }
        col.get().comment = value;
    }
}
