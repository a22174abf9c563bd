;;; eglot-typing.el --- Emacs in batch with eglot: typing in a 10,000-line .fonsters file  -*- lexical-binding: t; -*-
;; Opens DOC (10,000 lines, 2,000 of them alike), waits for its diagnostics, then types 20
;; characters on line 5,000, one every 100 ms, as a person would. Emacs itself measures how long
;; each keystroke waited: from when the key was due to when Emacs had handled it (a publish being
;; read or drawn meanwhile makes it late). Prints each wait and the largest publish; checks what
;; does not depend on speed: the diagnostics settle to the right set for the last version, and no
;; publish is over 256 KiB. Prints "N passed, N failed"; exits 1 on a failure.
;; With FONSTERS_STORE set the server keeps that library (docs/benchmarks.md: typing in Emacs beside
;; a million Fonsters); else one in memory.
;;   emacs --batch -q -l examples/lsp/fonsters-eglot.el -l Tests/editors/eglot-typing.el

(require 'cl-lib)
(defvar typing-passed 0)
(defvar typing-failed 0)
(defvar typing-publishes nil "Each publishDiagnostics received: (version count params).
Its size is worked out after the typing: encoding it again as it came made a loaded Emacs late for
the keys that followed.")
(defun typing-check (ok what)
  (if ok (cl-incf typing-passed) (cl-incf typing-failed))
  (princ (format "%s - %s\n" (if ok "ok" "FAIL") what)))
(defun typing-wait (predicate)
  "Waits (no bound but the run's own timeout) for PREDICATE, reading the server's output meanwhile."
  (let (value)
    (while (not (setq value (funcall predicate)))
      (accept-process-output nil 0.02))
    value))

(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest params)
              (when (eq method 'textDocument/publishDiagnostics)
                (push (list (plist-get params :version) (length (plist-get params :diagnostics)) params)
                      typing-publishes))))

(setq fonsters-rpc-command (append (list (getenv "FONSTERS_BIN") "--stdio")
                                   (if (getenv "FONSTERS_STORE") (list "--store" (getenv "FONSTERS_STORE"))
                                     (list "--memory" "--no-starter"))))
(setq eglot-sync-connect 60)
(condition-case err
    (progn
      (find-file (getenv "DOC"))
      (run-hooks 'post-command-hook)
      (typing-wait (lambda () (eglot-current-server)))
      (flymake-mode 1)
      (typing-wait (lambda () typing-publishes))
      (typing-check (= (length (flymake-diagnostics)) 101)
                    (format "the first diagnostics are capped: 100 and a summary (%d)" (length (flymake-diagnostics))))
      (goto-char (point-min))
      (forward-line 4999)
      (end-of-line)
      (let* ((word "quickbrownfoxjumpsov") (start (float-time)) (waits nil))
        (dotimes (k (length word))
          (let ((due (+ start (* 0.1 (1+ k)))))
            ;; Until the key is due, Emacs reads what the server sends (as its command loop would).
            (while (< (float-time) due) (accept-process-output nil (max 0.001 (min 0.01 (- due (float-time))))))
            (insert (aref word k))
            ;; eglot sends the change from an idle timer, which batch Emacs never runs.
            (eglot--signal-textDocument/didChange)
            (accept-process-output nil 0)
            (push (* 1000 (- (float-time) due)) waits)))
        (setq waits (nreverse waits))
        (let ((last-key (float-time)) (version (eglot--VersionedTextDocumentIdentifier)))
          (princ (format "keystroke waits (ms): %s\n" (mapconcat (lambda (w) (format "%.0f" w)) waits " ")))
          (princ (format "longest keystroke wait: %.0f ms (goal <= 150 ms)\n" (apply #'max waits)))
          (let ((final (plist-get version :version)))
            (typing-wait (lambda () (cl-find final typing-publishes :key #'car)))
            (princ (format "diagnostics settled %.0f ms after the last key (goal <= 1000 ms)\n" (* 1000 (- (float-time) last-key))))
            (accept-process-output nil 0.05)
            (let ((diagnostics (flymake-diagnostics)))
              (typing-check (and (= (length diagnostics) 101)
                                 (cl-some (lambda (d) (string-match-p "more problems are not shown" (flymake-diagnostic-text d))) diagnostics))
                            "the diagnostics settle to 100 and the summary for the last version")
              (typing-check (not (cl-some (lambda (d) (= 5000 (line-number-at-pos (flymake-diagnostic-beg d)))) diagnostics))
                            "the line typed on is told nothing"))
            (typing-check (equal (buffer-substring-no-properties (line-beginning-position) (line-end-position))
                                 (concat "crew member 4999" word))
                          "the line holds what was typed")))
        (let ((largest (apply #'max (mapcar (lambda (p) (string-bytes (json-encode (cl-third p)))) typing-publishes))))
          (princ (format "publishes: %d, the largest %d bytes\n" (length typing-publishes) largest))
          (typing-check (<= largest (* 256 1024)) "no publish is over 256 KiB"))))
  (error (typing-check nil (format "no error: %S" err))))
(princ (format "%d passed, %d failed\n" typing-passed typing-failed))
(kill-emacs (if (= typing-failed 0) 0 1))
