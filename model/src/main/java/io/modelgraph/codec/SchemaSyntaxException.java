package io.modelgraph.codec;

/**
 * The input is not a valid document of the format. {@code path} points into the source
 * ({@code $} for the document as a whole, {@code line 3, column 7} style for text formats).
 */
public final class SchemaSyntaxException extends Exception {
    private final String path;

    public SchemaSyntaxException(String path, String reason) {
        super(reason, null, false, false);
        this.path = path == null || path.isEmpty() ? "$" : path;
    }

    public String path() {
        return path;
    }
}
