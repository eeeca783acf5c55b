package io.modelgraph.codec;

/**
 * A codec option the caller gave is not one the format accepts (an unknown SQL vendor, a malformed Synapse name,
 * a single-node export of several nodes). The caller's mistake: the API layer answers it as a 400 in the route's
 * envelope, naming {@link #path()}. Codecs throw it instead of an API type so they do not depend on the API layer.
 */
public final class InvalidOptionException extends RuntimeException {
    private final String path;

    public InvalidOptionException(String path, String message) {
        super(message, null, false, false);
        this.path = path == null ? "" : path;
    }

    /** The option (or request member) that is wrong, such as {@code vendor} or {@code query.graphBased}. */
    public String path() {
        return path;
    }

    /** Always 400: an option is the caller's input. */
    public int status() {
        return 400;
    }
}
