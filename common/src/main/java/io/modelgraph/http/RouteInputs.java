package io.modelgraph.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.TransformFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The query parameters and top-level body members a route reads. The router refuses any other name before
 * the operation runs (so nothing is written), and refuses members the route cannot change with the reason.
 * {@code open} is for test probes that echo whatever they get.
 */
public record RouteInputs(List<String> query, List<String> body, Map<String, String> refused, boolean open,
        Optional<Missing> missing) {

    /**
     * The specification's message for a transform body that lacks {@code required} members. A body with an
     * unknown member that also lacks them answers that message first, then the unknown member: the specification's
     * answer, with more said, never replaced.
     */
    public record Missing(String path, String message, List<String> required) {
        public Missing {
            required = List.copyOf(required);
        }
    }

    public RouteInputs {
        query = List.copyOf(query);
        body = List.copyOf(body);
        refused = Map.copyOf(refused);
    }

    public static RouteInputs none() {
        return new RouteInputs(List.of(), List.of(), Map.of(), false, Optional.empty());
    }

    /** Throws a 400 naming the first unknown query parameter or body member. */
    void check(ApiRequest request, EnvelopeStyle style) {
        if (open) {
            return;
        }
        KnownNames.requireKnown(request.query().names(), query, "query.", "query parameter");
        if (!request.hasBody()) {
            return;
        }
        JsonNode node = request.jsonBody();
        if (!node.isObject()) {
            return; // a route whose body is an array or text says so itself
        }
        String prefix = style == EnvelopeStyle.TRANSFORM ? "" : "body.";
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            for (Map.Entry<String, String> r : refused.entrySet()) {
                if (r.getKey().equalsIgnoreCase(name)) {
                    throw ApiProblem.badRequest(prefix + name, "'" + name + "' cannot be given here: " + r.getValue()
                            + " Nothing was done.");
                }
            }
        }
        try {
            KnownNames.requireKnown(names, body, prefix, "member");
        } catch (ApiProblem unknown) {
            if (style == EnvelopeStyle.TRANSFORM && missing.isPresent() && missing.get().required().stream()
                    .anyMatch(r -> names.stream().noneMatch(r::equalsIgnoreCase))) {
                throw new TransformFailure(400, List.of(new ErrorEntry(missing.get().path(), missing.get().message()),
                        new ErrorEntry(unknown.path(), unknown.getMessage())), List.of());
            }
            throw unknown;
        }
    }
}
