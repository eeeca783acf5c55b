package io.modelgraph.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.EnvelopeStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The query parameters and top-level body members a route reads. The router refuses any other name before
 * the operation runs (so nothing is written), and refuses members the route cannot change with the reason.
 * {@code open} is for test probes that echo whatever they get.
 */
public record RouteInputs(List<String> query, List<String> body, Map<String, String> refused, boolean open) {

    public RouteInputs {
        query = List.copyOf(query);
        body = List.copyOf(body);
        refused = Map.copyOf(refused);
    }

    public static RouteInputs none() {
        return new RouteInputs(List.of(), List.of(), Map.of(), false);
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
        KnownNames.requireKnown(names, body, prefix, "member");
    }
}
