package io.modelgraph.exchange;

import io.modelgraph.codec.ParseDeadline;
import io.modelgraph.exchange.fetch.AddressPolicy;
import io.modelgraph.exchange.fetch.SafeFetcher;
import io.modelgraph.exchange.merge.MergeService;
import io.modelgraph.exchange.merge.MergeStateStore;
import io.modelgraph.exchange.profile.ProfileStore;
import io.modelgraph.exchange.validate.CompiledSchemaCache;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.platform.Services;

/** The exchange function's parts, wired once per container from the shared services. */
public record ExchangeModule(ProfileStore profiles, SpaceModels spaces, ExchangeOperations operations,
        MergeService merges, CompiledSchemaCache cache, String repoRawBaseUrl) {

    public static ExchangeModule of(Services services, ModelMapping mapping, SafeFetcher.Limits limits) {
        return of(services, mapping, limits, GraphStore.of(services));
    }

    /** With a store of its own: a job run's holds its write lease longer (ExchangeJobHandler). */
    public static ExchangeModule of(Services services, ModelMapping mapping, SafeFetcher.Limits limits,
            GraphStore store) {
        return of(services, mapping, limits, store, ParseDeadline.configured());
    }

    /** As above, reading each merge source under {@code parseDeadline} (tests use a small bound). */
    public static ExchangeModule of(Services services, ModelMapping mapping, SafeFetcher.Limits limits,
            GraphStore store, ParseDeadline parseDeadline) {
        String table = services.stores().graphTable();
        ProfileStore profiles = new ProfileStore(services.dynamo(), table);
        MergeStateStore states = new MergeStateStore(services.dynamo(), table);
        SpaceModels spaces = new SpaceModels(store, store, mapping, states);
        CompiledSchemaCache cache = new CompiledSchemaCache();
        SafeFetcher fetcher = new SafeFetcher(new AddressPolicy(services.settings().allowLoopbackUrls()), limits);
        MergeService merges = new MergeService(spaces, profiles, states,
                fetcher, services.settings(), services.clock(), parseDeadline);
        return new ExchangeModule(profiles, spaces, new ExchangeOperations(spaces, profiles, cache), merges, cache,
                services.settings().repoRawBaseUrl());
    }

    public static ExchangeModule of(Services services) {
        return of(services, new GraphModelMapping(), SafeFetcher.Limits.DEFAULT);
    }
}
