package io.modelgraph.http;

import io.modelgraph.api.Reply;

/** The work behind one route. Throws {@link io.modelgraph.api.ApiProblem} for the caller's mistakes. */
@FunctionalInterface
public interface Operation {
    Reply handle(Call call) throws Exception;
}
