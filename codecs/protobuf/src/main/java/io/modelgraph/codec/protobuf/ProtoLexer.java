package io.modelgraph.codec.protobuf;

import io.modelgraph.codec.SchemaSyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits {@code .proto} text into tokens with their line and column. Comments are not tokens, but the comment
 * lines directly above a token are attached to it, so declarations keep their documentation.
 */
final class ProtoLexer {
    enum Kind { IDENT, INT, FLOAT, STRING, SYMBOL, EOF }

    record Token(Kind kind, String text, int line, int column, String comment) {
        boolean is(String s) {
            return (kind == Kind.SYMBOL || kind == Kind.IDENT) && text.equals(s);
        }

        String where() {
            return "line " + line + ", column " + column;
        }
    }

    private final String src;
    private final String file;
    private int pos;
    private int line = 1;
    private int col = 1;

    private ProtoLexer(String src, String file) {
        this.src = src;
        this.file = file;
    }

    static List<Token> tokens(String src, String file) throws SchemaSyntaxException {
        return new ProtoLexer(src, file).run();
    }

    private List<Token> run() throws SchemaSyntaxException {
        List<Token> out = new ArrayList<>();
        StringBuilder comment = new StringBuilder();
        int commentEndLine = -10;
        while (true) {
            int blankLines = skipSpace();
            if (blankLines > 1 && commentEndLine < line - 1) {
                comment.setLength(0);
            }
            if (pos >= src.length()) {
                out.add(new Token(Kind.EOF, "", line, col, ""));
                return out;
            }
            char c = src.charAt(pos);
            if (c == '/' && peek(1) == '/') {
                int startLine = line;
                boolean trailing = !out.isEmpty() && out.get(out.size() - 1).line() == startLine;
                if (commentEndLine < startLine - 1) {
                    comment.setLength(0);
                }
                int end = src.indexOf('\n', pos);
                end = end < 0 ? src.length() : end;
                String text = src.substring(pos + 2, end);
                if (text.startsWith(" ")) {
                    text = text.substring(1);
                }
                advance(end - pos);
                if (trailing) {
                    continue;
                }
                comment.append(comment.length() > 0 ? "\n" : "").append(text.stripTrailing());
                commentEndLine = startLine;
                continue;
            }
            if (c == '/' && peek(1) == '*') {
                int end = src.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw error("A block comment is not closed.");
                }
                advance(end + 2 - pos);
                commentEndLine = line;
                continue;
            }
            int tokLine = line;
            int tokCol = col;
            String doc = commentEndLine >= tokLine - 1 ? comment.toString() : "";
            comment.setLength(0);
            commentEndLine = -10;
            if (Character.isLetter(c) || c == '_') {
                int start = pos;
                while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
                    advance(1);
                }
                out.add(new Token(Kind.IDENT, src.substring(start, pos), tokLine, tokCol, doc));
            } else if (Character.isDigit(c) || (c == '.' && Character.isDigit(peek(1)))) {
                out.add(number(tokLine, tokCol, doc));
            } else if (c == '"' || c == '\'') {
                out.add(new Token(Kind.STRING, string(c), tokLine, tokCol, doc));
            } else if ("{}[]()<>=;,:.-+/".indexOf(c) >= 0) {
                advance(1);
                out.add(new Token(Kind.SYMBOL, String.valueOf(c), tokLine, tokCol, doc));
            } else {
                throw error("Unexpected character '" + c + "'.");
            }
        }
    }

    private Token number(int tokLine, int tokCol, String doc) {
        int start = pos;
        boolean isFloat = false;
        if (src.charAt(pos) == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
            advance(2);
            while (pos < src.length() && Character.digit(src.charAt(pos), 16) >= 0) {
                advance(1);
            }
        } else {
            while (pos < src.length()) {
                char c = src.charAt(pos);
                if (Character.isDigit(c)) {
                    advance(1);
                } else if (c == '.' || c == 'e' || c == 'E') {
                    isFloat = true;
                    advance(1);
                    if ((c == 'e' || c == 'E') && pos < src.length() && (src.charAt(pos) == '-' || src.charAt(pos)
                            == '+')) {
                        advance(1);
                    }
                } else if ((c == 'f' || c == 'F') && isFloat) {
                    advance(1);
                    break;
                } else {
                    break;
                }
            }
        }
        return new Token(isFloat ? Kind.FLOAT : Kind.INT, src.substring(start, pos), tokLine, tokCol, doc);
    }

    /** A quoted string with C escapes, decoded. */
    private String string(char quote) throws SchemaSyntaxException {
        StringBuilder out = new StringBuilder();
        advance(1);
        while (true) {
            if (pos >= src.length() || src.charAt(pos) == '\n') {
                throw error("A string is not closed.");
            }
            char c = src.charAt(pos);
            if (c == quote) {
                advance(1);
                return out.toString();
            }
            if (c == '\\' && pos + 1 < src.length()) {
                char e = src.charAt(pos + 1);
                advance(2);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'a' -> out.append('\u0007');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'v' -> out.append('\u000B');
                    case 'x', 'X' -> out.append((char) digits(16, 2));
                    case 'u' -> out.append((char) digits(16, 4));
                    case 'U' -> {
                        // protoc reads eight hex digits up to 10FFFF; larger ones (8888888 and up go negative as an int) name nothing
                        int codePoint = digits(16, 8);
                        if (codePoint < 0 || codePoint > Character.MAX_CODE_POINT) {
                            throw error("A \\U escape names no Unicode code point: the largest is \\U0010FFFF.");
                        }
                        out.appendCodePoint(codePoint);
                    }
                    default -> {
                        if (e >= '0' && e <= '7') {
                            pos--;
                            col--;
                            out.append((char) digits(8, 3));
                        } else {
                            out.append(e);
                        }
                    }
                }
                continue;
            }
            out.append(c);
            advance(1);
        }
    }

    private int digits(int radix, int max) {
        int value = 0;
        int n = 0;
        while (n < max && pos < src.length() && Character.digit(src.charAt(pos), radix) >= 0) {
            value = value * radix + Character.digit(src.charAt(pos), radix);
            advance(1);
            n++;
        }
        return value;
    }

    /** Skips white space; answers how many line breaks it crossed (a blank line detaches a comment). */
    private int skipSpace() {
        int breaks = 0;
        while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) {
            if (src.charAt(pos) == '\n') {
                breaks++;
            }
            advance(1);
        }
        return breaks;
    }

    private char peek(int ahead) {
        return pos + ahead < src.length() ? src.charAt(pos + ahead) : '\0';
    }

    private void advance(int n) {
        for (int i = 0; i < n; i++) {
            if (src.charAt(pos) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
            pos++;
        }
    }

    private SchemaSyntaxException error(String message) {
        String where = (file.isEmpty() ? "" : file + ": ") + "line " + line + ", column " + col;
        return new SchemaSyntaxException(where, message + " (" + where + ")");
    }
}
