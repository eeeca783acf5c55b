package io.modelgraph.codec;

/**
 * The model cannot be written in the target format at all, whatever the ledger says: an OSI document needs at
 * least one dataset, so a model without types has no OSI form. The request was well formed but cannot be
 * processed: the API layer answers it as a 422 in the route's envelope, naming {@link #path()}; the command line
 * as a usage-free error. Codecs throw it instead of an API type so they do not depend on the API layer.
 */
public final class UnrepresentableModelException extends RuntimeException {
    private final String path;

    public UnrepresentableModelException(String path, String message) {
        super(message, null, false, false);
        this.path = path == null ? "" : path;
    }

    /** Where in the model, or in the output it would take, the format's requirement is not met. */
    public String path() {
        return path;
    }

    /** Always 422: the input parsed, but the format cannot hold it. */
    public int status() {
        return 422;
    }
}
