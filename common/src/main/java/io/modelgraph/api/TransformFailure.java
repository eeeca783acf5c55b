package io.modelgraph.api;

import io.modelgraph.ledger.LossEntry;
import java.util.List;

/**
 * A call on a transform-style route that could not proceed: {@code success} false with its
 * {@code errors}, plus whatever the ledger had recorded before it stopped.
 */
public final class TransformFailure extends ApiProblem {
    private final List<ErrorEntry> errors;
    private final List<LossEntry> lossiness;

    public TransformFailure(int status, List<ErrorEntry> errors, List<LossEntry> lossiness) {
        super(status, errors.isEmpty() ? "" : errors.get(0).path(),
                errors.isEmpty() ? "The call could not proceed." : errors.get(0).message());
        this.errors = List.copyOf(errors);
        this.lossiness = List.copyOf(lossiness);
    }

    public static TransformFailure of(String path, String message) {
        return new TransformFailure(400, List.of(new ErrorEntry(path, message)), List.of());
    }

    /** Well-formed input the call cannot process, such as a model the target format has no form for. */
    public static TransformFailure unprocessable(String path, String message) {
        return new TransformFailure(422, List.of(new ErrorEntry(path, message)), List.of());
    }

    public List<ErrorEntry> errors() {
        return errors;
    }

    public List<LossEntry> lossiness() {
        return lossiness;
    }
}
