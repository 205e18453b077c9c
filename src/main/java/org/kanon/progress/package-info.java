/**
 * Progress of long operations ({@link org.kanon.progress.Progress}, {@link org.kanon.progress.Step}): the lowest
 * layer, usable by every other; it knows no display (the command line draws bars, and only on a terminal).
 */
package org.kanon.progress;
