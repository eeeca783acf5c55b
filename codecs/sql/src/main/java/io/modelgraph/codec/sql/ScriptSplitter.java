package io.modelgraph.codec.sql;

import io.modelgraph.codec.SchemaSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Tokenizes a DDL script and cuts it into statements the way each dialect's client tool does:
 * {@code ;} outside parentheses and {@code BEGIN … END} blocks, T-SQL {@code GO} batch lines, MySQL
 * {@code DELIMITER} lines (the new terminator replaces {@code ;}), Oracle {@code /} lines ending PL/SQL
 * blocks, and PostgreSQL/Snowflake {@code $tag$ … $tag$} bodies read as one string. In a T-SQL batch,
 * statements need no terminator, so a statement keyword at the start of a line starts a new statement.
 */
final class ScriptSplitter {
    private static final Set<String> BATCH_STARTERS = Set.of("CREATE", "DROP", "INSERT", "GRANT", "EXEC", "EXECUTE",
            "USE", "SET", "PRINT", "DECLARE", "IF", "UPDATE", "DELETE", "DENY", "REVOKE");
    private static final Set<String> ROUTINES = Set.of("TRIGGER", "PROCEDURE", "FUNCTION", "PACKAGE", "PROC");
    private static final Set<String> NOT_BLOCK_AFTER_END = Set.of("IF", "LOOP", "WHILE", "REPEAT", "FOR");

    private final String text;
    private final Deadline deadline;
    private final boolean hashComments;
    private final boolean hashAlways;
    private final boolean backslashEscapes;
    private int pos;
    private int line = 1;
    private int lineStart;
    private String delimiter = ";";
    private final boolean slashTerminated;
    private final boolean goBatches;
    private final List<Statement> statements = new ArrayList<>();
    private List<Token> current = new ArrayList<>();
    private int blockDepth;
    private int parenDepth;
    private final List<Token> opened = new ArrayList<>();

    ScriptSplitter(String text, java.util.Optional<Vendor> vendor, Deadline deadline) {
        this.text = text;
        this.deadline = deadline;
        this.slashTerminated = text.lines().anyMatch(l -> l.strip().equals("/"));
        this.goBatches = vendor.equals(java.util.Optional.of(Vendor.SQLSERVER)) || text.lines().anyMatch(l -> l.strip().equalsIgnoreCase("GO"));
        // '#' starts a comment in MySQL and BigQuery; in T-SQL it starts a temporary table's name
        this.hashComments = !goBatches && vendor.map(v -> v == Vendor.MYSQL || v == Vendor.BIGQUERY).orElse(true);
        this.hashAlways = vendor.map(v -> v == Vendor.MYSQL || v == Vendor.BIGQUERY).orElse(false);
        this.backslashEscapes = vendor.map(v -> v == Vendor.MYSQL || v == Vendor.BIGQUERY || v == Vendor.SNOWFLAKE)
                .orElse(false);
    }

    List<Statement> split() throws SchemaSyntaxException {
        while (pos < text.length()) {
            deadline.check();
            if (atLineStart() && lineDirective()) {
                continue;
            }
            char c = text.charAt(pos);
            if (!delimiter.equals(";") && text.startsWith(delimiter, pos)) {
                pos += delimiter.length();
                endStatement();
                continue;
            }
            if (c == '\n') {
                newLine();
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '-' && peek(1) == '-') {
                skipToLineEnd();
            } else if (c == '#' && hashComments && (hashAlways || atLineStart() || Character.isWhitespace(peek(1)))) {
                skipToLineEnd();
            } else if (c == '/' && peek(1) == '*') {
                blockComment();
            } else if (c == ';' && delimiter.equals(";")) {
                int col = column();
                pos++;
                if (blockDepth <= 0 && parenDepth <= 0 && !inSlashRoutine()) {
                    endStatement();
                } else if (blockDepth <= 0 && parenDepth > 0 && !routine() && !inSlashRoutine()) {
                    Token open = opened.get(opened.size() - 1);
                    throw new SchemaSyntaxException("line " + line + ", column " + col, "The statement ends inside"
                            + " the '(' opened at " + open.where() + ": a ')' is missing.");
                } else {
                    add(Token.Kind.SYMBOL, ";", line, col);
                }
            } else {
                token(c);
            }
        }
        if (!opened.isEmpty() && blockDepth <= 0 && !routine()) {
            Token open = opened.get(opened.size() - 1);
            throw new SchemaSyntaxException(open.where(), "The '(' opened here is never closed.");
        }
        endStatement();
        return statements;
    }

    private void token(char c) throws SchemaSyntaxException {
        int col = column();
        int ln = line;
        if (c == '\'') {
            add(Token.Kind.STRING, quoted('\'', '\''), ln, col);
        } else if ((c == 'N' || c == 'n' || c == 'E' || c == 'e' || c == 'B' || c == 'b' || c == 'X' || c == 'x')
                && peek(1) == '\'') {
            pos++;
            add(Token.Kind.STRING, quoted('\'', '\''), ln, col);
        } else if (c == '"') {
            add(Token.Kind.QUOTED, quoted('"', '"'), ln, col);
        } else if (c == '`') {
            add(Token.Kind.QUOTED, quoted('`', '`'), ln, col);
        } else if (c == '[' && bracketIdentifier()) {
            add(Token.Kind.QUOTED, quoted('[', ']'), ln, col);
        } else if (c == '$' && dollarTag() != null) {
            add(Token.Kind.STRING, dollarBody(dollarTag()), ln, col);
        } else if (Character.isLetter(c) || c == '_' || c == '@' || c == '#' || c == '$') {
            int start = pos;
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || "_$@#".indexOf(
                    text.charAt(pos)) >= 0)) {
                pos++;
            }
            String word = text.substring(start, pos);
            add(Token.Kind.WORD, word, ln, col);
            blocks(word);
        } else if (Character.isDigit(c) || (c == '.' && Character.isDigit(peek(1)))) {
            int start = pos;
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '.'
                    || ((text.charAt(pos) == '+' || text.charAt(pos) == '-')
                            && (text.charAt(pos - 1) == 'e' || text.charAt(pos - 1) == 'E')))) {
                pos++;
            }
            add(Token.Kind.NUMBER, text.substring(start, pos), ln, col);
        } else {
            String two = pos + 1 < text.length() ? text.substring(pos, pos + 2) : "";
            String sym = Set.of("::", "<=", ">=", "<>", "!=", "||", ":=", "=>").contains(two) ? two : String.valueOf(c);
            pos += sym.length();
            if (sym.equals("(")) {
                parenDepth++;
                opened.add(new Token(Token.Kind.SYMBOL, "(", ln, col));
                if (parenDepth > io.modelgraph.codec.ParserLimits.MAX_DEPTH) {
                    throw new SchemaSyntaxException("line " + ln + ", column " + col,
                            "Parentheses nest deeper than " + io.modelgraph.codec.ParserLimits.MAX_DEPTH + ".");
                }
            } else if (sym.equals(")")) {
                parenDepth--;
                if (!opened.isEmpty()) {
                    opened.remove(opened.size() - 1);
                }
            }
            add(Token.Kind.SYMBOL, sym, ln, col);
        }
    }

    /** BEGIN/CASE open a block and END closes it, so a {@code ;} inside a trigger body does not end it. */
    private void blocks(String word) {
        String w = word.toUpperCase(Locale.ROOT);
        if (w.equals("CASE")) {
            blockDepth++;
        } else if (w.equals("BEGIN")) {
            String next = nextWord();
            if (!Set.of("TRANSACTION", "TRAN", "WORK", "DEFERRED", "IMMEDIATE", "EXCLUSIVE", "DISTRIBUTED", "")
                    .contains(next) || (next.isEmpty() && current.size() > 1)) {
                blockDepth++;
            }
        } else if (w.equals("END") && blockDepth > 0 && !NOT_BLOCK_AFTER_END.contains(nextWord())) {
            blockDepth--;
        }
    }

    /** The next word after the current position, upper case, or empty when a symbol or the end follows. */
    private String nextWord() {
        int p = pos;
        while (p < text.length() && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
            p++;
        }
        int s = p;
        while (p < text.length() && (Character.isLetterOrDigit(text.charAt(p)) || text.charAt(p) == '_')) {
            p++;
        }
        return text.substring(s, p).toUpperCase(Locale.ROOT);
    }

    /** Oracle: a CREATE PROCEDURE/TRIGGER/… in a script that ends blocks with '/' runs until that line. */
    private boolean inSlashRoutine() {
        if (!slashTerminated || current.isEmpty() || !current.get(0).is("CREATE")) {
            return false;
        }
        for (int i = 1; i < Math.min(current.size(), 6); i++) {
            if (current.get(i).kind() == Token.Kind.WORD && ROUTINES.contains(current.get(i).upper())) {
                return true;
            }
            if (current.get(i).is("TYPE") && i + 2 < current.size() && current.get(i + 1).isName()
                    && current.get(i + 2).is("BODY")) {
                return true;
            }
        }
        return false;
    }

    private boolean lineDirective() throws SchemaSyntaxException {
        int end = text.indexOf('\n', pos);
        String raw = text.substring(pos, end < 0 ? text.length() : end);
        String l = raw.strip();
        String upper = l.toUpperCase(Locale.ROOT);
        if (goBatches && (upper.equals("GO") || upper.matches("GO\\s+\\d+") || upper.equals("GO;"))) {
            pos += raw.length();
            endStatement();
            return true;
        }
        if (slashTerminated && l.equals("/")) {
            pos += raw.length();
            endStatement();
            return true;
        }
        // the mysql client reads DELIMITER as its command only where no statement has begun (a column named
        // delimiter on a line of its own inside CREATE TABLE is a column)
        if (current.isEmpty() && (upper.startsWith("DELIMITER ") || upper.startsWith("DELIMITER\t"))) {
            String d = l.substring("DELIMITER".length()).strip();
            if (d.isEmpty()) {
                throw new SchemaSyntaxException("line " + line + ", column 1", "DELIMITER needs a terminator.");
            }
            pos += raw.length();
            endStatement();
            delimiter = d;
            return true;
        }
        if (goBatches && current.size() > 0 && parenDepth <= 0 && blockDepth <= 0 && !routine()) {
            String word = upper.split("[^A-Z_]", 2)[0];
            if (BATCH_STARTERS.contains(word) || (word.equals("ALTER") && upper.matches("ALTER\\s+TABLE\\b.*"))) {
                endStatement();
            }
        }
        return false;
    }

    private boolean routine() {
        for (int i = 1; i < Math.min(current.size(), 5); i++) {
            if (current.get(i).kind() == Token.Kind.WORD && (ROUTINES.contains(current.get(i).upper())
                    || current.get(i).is("VIEW"))) {
                return true;
            }
        }
        return false;
    }

    private boolean atLineStart() {
        for (int i = lineStart; i < pos; i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private boolean bracketIdentifier() {
        int close = text.indexOf(']', pos);
        if (close < 0) {
            return false;
        }
        String inside = text.substring(pos + 1, close);
        // int[] and text[3] are PostgreSQL array types; [dbo] and [Order Date] are T-SQL names
        return !inside.isBlank() && !inside.strip().matches("\\d*") && inside.indexOf('\n') < 0;
    }

    private String dollarTag() {
        int p = pos + 1;
        while (p < text.length() && (Character.isLetterOrDigit(text.charAt(p)) || text.charAt(p) == '_')) {
            p++;
        }
        if (p < text.length() && text.charAt(p) == '$' && (p == pos + 1 || !Character.isDigit(text.charAt(pos + 1)))) {
            return text.substring(pos, p + 1);
        }
        return null;
    }

    private String dollarBody(String tag) throws SchemaSyntaxException {
        int startLine = line;
        int startCol = column();
        int close = text.indexOf(tag, pos + tag.length());
        if (close < 0) {
            throw new SchemaSyntaxException("line " + startLine + ", column " + startCol, "The body opened with "
                    + tag + " is never closed.");
        }
        String body = text.substring(pos + tag.length(), close);
        advanceTo(close + tag.length());
        return body;
    }

    private String quoted(char open, char close) throws SchemaSyntaxException {
        int startLine = line;
        int startCol = column();
        StringBuilder b = new StringBuilder();
        pos++;
        while (true) {
            if (pos >= text.length()) {
                throw new SchemaSyntaxException("line " + startLine + ", column " + startCol, (open == '\''
                        ? "The string" : "The quoted name") + " starting here is never closed.");
            }
            char c = text.charAt(pos);
            if (c == close) {
                if (peek(1) == close) {
                    b.append(close);
                    pos += 2;
                    continue;
                }
                pos++;
                return b.toString();
            }
            if (c == '\\' && open == '\'' && backslashEscapes && pos + 1 < text.length()) {
                // MySQL and BigQuery strings escape with a backslash
                b.append(text.charAt(pos + 1));
                pos += 2;
                continue;
            }
            if (c == '\n') {
                b.append(c);
                newLine();
                continue;
            }
            b.append(c);
            pos++;
        }
    }

    private void blockComment() throws SchemaSyntaxException {
        int startLine = line;
        int startCol = column();
        int close = text.indexOf("*/", pos + 2);
        if (close < 0) {
            throw new SchemaSyntaxException("line " + startLine + ", column " + startCol,
                    "The comment starting here is never closed.");
        }
        advanceTo(close + 2);
    }

    private void advanceTo(int target) {
        while (pos < target) {
            if (text.charAt(pos) == '\n') {
                newLine();
            } else {
                pos++;
            }
        }
    }

    private void skipToLineEnd() {
        int end = text.indexOf('\n', pos);
        pos = end < 0 ? text.length() : end;
    }

    private void newLine() {
        pos++;
        line++;
        lineStart = pos;
    }

    private char peek(int ahead) {
        return pos + ahead < text.length() ? text.charAt(pos + ahead) : '\0';
    }

    private int column() {
        return pos - lineStart + 1;
    }

    private void add(Token.Kind kind, String value, int ln, int col) throws SchemaSyntaxException {
        current.add(new Token(kind, value, ln, col));
    }

    private void endStatement() {
        if (!current.isEmpty()) {
            statements.add(new Statement(current));
        }
        current = new ArrayList<>();
        blockDepth = 0;
        parenDepth = 0;
        opened.clear();
    }
}
