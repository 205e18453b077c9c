package org.kanon;

/**
 * Something the user can fix: a bad file, parameter, name or connection. The message is one line that says
 * what is wrong and where (file:line:column, or table.column) and is printed as is, without a stack trace;
 * the command line turns it into exit code 2. Values of sensitive attributes never go into the message.
 */
public class InvalidInputException extends RuntimeException {
    public InvalidInputException(String message) {
        super(message);
    }

    public InvalidInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
