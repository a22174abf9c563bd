;;; fonsters.el --- Use fonsters-rpc from Emacs (28 or later) with jsonrpc.el  -*- lexical-binding: t -*-
;; Starts the server, saves a creature as hello.png and prints its description. The server is
;; $FONSTERS_RPC, else fonsters-rpc on the PATH. Run: emacs --batch -l examples/fonsters.el
;; (Methods are keywords: the jsonrpc.el of Emacs 28 sends no method for a string.)
(require 'jsonrpc)

(let* ((server (or (getenv "FONSTERS_RPC") "fonsters-rpc"))
       (connection
        (make-instance 'jsonrpc-process-connection
                       :name "fonsters-rpc"
                       :notification-dispatcher #'ignore   ; fonsters/didChange and progress
                       :process (make-process :name "fonsters-rpc" :connection-type 'pipe :noquery t
                                              :coding 'utf-8-emacs-unix
                                              :stderr (get-buffer-create "*fonsters-rpc stderr*")
                                              :command (list server "--stdio" "--memory" "--no-starter"))))
       (info (plist-get (jsonrpc-request connection :initialize '(:clientInfo (:name "emacs example")))
                        :serverInfo))
       (bob (jsonrpc-request connection :fonsters/create '(:name "Bob" :seed "hello")))
       (image (jsonrpc-request connection :creature/render
                               (list :id (plist-get bob :id) :format "png" :size 64))))
  (princ (format "%s %s\n" (plist-get info :name) (plist-get info :version)))
  (let ((coding-system-for-write 'binary)
        (data (plist-get image :dataUri)))
    (with-temp-file "hello.png"
      (set-buffer-multibyte nil)
      (insert (base64-decode-string (substring data (1+ (string-search "," data)))))))
  (princ (format "%s: %s (%d bytes in hello.png)\n"
                 (plist-get bob :displayName) (plist-get image :alt) (plist-get image :bytes)))
  (jsonrpc-request connection :shutdown (make-hash-table))
  (jsonrpc-notify connection :exit (make-hash-table))
  (while (jsonrpc-running-p connection) (accept-process-output nil 0.05)))
