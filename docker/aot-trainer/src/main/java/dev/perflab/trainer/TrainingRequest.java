package dev.perflab.trainer;

/**
 * One request of the training workload, with the status the contract requires for it. A
 * different status fails the training: a cache trained on error pages would profile the wrong
 * code paths.
 */
record TrainingRequest(String method, String path, String contentType, String body, int expectedStatus) {

    static TrainingRequest get(String path, int expectedStatus) {
        return new TrainingRequest("GET", path, null, null, expectedStatus);
    }

    static TrainingRequest post(String path, String contentType, String body, int expectedStatus) {
        return new TrainingRequest("POST", path, contentType, body, expectedStatus);
    }

    static TrainingRequest put(String path, String contentType, String body, int expectedStatus) {
        return new TrainingRequest("PUT", path, contentType, body, expectedStatus);
    }

    static TrainingRequest delete(String path, int expectedStatus) {
        return new TrainingRequest("DELETE", path, null, null, expectedStatus);
    }

    /** This request with {@code {id}} in its path replaced. */
    TrainingRequest withId(String id) {
        return new TrainingRequest(method, path.replace("{id}", id), contentType, body, expectedStatus);
    }

    @Override
    public String toString() {
        return method + " " + path + (contentType == null ? "" : " (" + contentType + ")");
    }
}
