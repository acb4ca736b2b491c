// Applies the saved theme before the first paint (a classic script: the CSP allows 'self' scripts only).
try {
  var t = localStorage.getItem('hammercrawl:theme');
  if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
} catch (e) {}
