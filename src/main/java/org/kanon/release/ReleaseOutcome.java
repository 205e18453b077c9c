package org.kanon.release;

import org.kanon.privacy.CheckResult;

/** Either the release was written and registered, or the node does not meet the requirement and nothing was written. */
public record ReleaseOutcome(CheckResult check, ReleaseRecord release) {
    public boolean released() {
        return release != null;
    }
}
