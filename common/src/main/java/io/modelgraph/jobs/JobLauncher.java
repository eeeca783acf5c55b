package io.modelgraph.jobs;

/**
 * Starts a job's run somewhere else than the request that deferred it: on AWS an asynchronous invocation
 * of the job function ({@link LambdaInvokeLauncher}), in the local gateway a background thread.
 */
@FunctionalInterface
public interface JobLauncher {
    /** For stores that only read jobs (a job function's own router): starting one is a programming error. */
    JobLauncher NONE = (projectId, jobId) -> {
        throw new IllegalStateException("This function starts no jobs");
    };

    /** Starts the run (returns at once); throws if it could not be started. */
    void launch(String projectId, String jobId);
}
