package io.modelgraph.auth;

/** How a route authenticates its caller. */
public enum CredentialKind {
    /** A user's login JWT, verified by the gateway's JWT authorizer. */
    JWT,
    /** A project API key, verified by the API-key Lambda authorizer (machine-to-machine routes). */
    API_KEY
}
